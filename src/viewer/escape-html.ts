/**
 * Escaping for everything a log puts on a page. Log strings are untrusted: they may hold markup, `</script>`,
 * lone surrogates or control characters. Every string goes through {@link escapeHtml} (text and attribute
 * values) or {@link jsonForScript} (data blocks) before it reaches a page.
 */

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls other than tab, newline and carriage return, and DEL: invisible, and some break XML-ish tooling.
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** The string with lone surrogates replaced by U+FFFD (as `String.prototype.toWellFormed` does). */
export function wellFormed(text: string): string {
  return text.replace(loneSurrogate, '\uFFFD');
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value for HTML: markup characters as entities, lone surrogates and controls replaced. */
export function escapeHtml(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return wellFormed(text)
    .replace(controls, '\uFFFD')
    .replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the line separators escaped as
 * `\uXXXX`, so no content can close the block or open a comment, and lone surrogates replaced.
 */
export function jsonForScript(value: unknown): string {
  return wellFormed(JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A safe `href` for a log URL: only http(s) and mailto are linked; anything else is not a link (undefined). */
export function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

/** A name usable as a file name on every system: letters, digits, `.`, `_` and `-`, at most 100 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return cleaned.length > 0 ? cleaned : 'session';
}
