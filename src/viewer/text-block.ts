import type { SourceLocation } from '../model/source-location.js';
import { escapeHtml } from './escape-html.js';

/**
 * The most characters of one text (a result, a file's content, a message) put in a page. Longer texts keep
 * their head and a note with the count left out and the `file:line` that holds all of it: a page stays
 * small enough to open quickly whatever a log holds (a 10 MB single-line result is cut, not embedded).
 */
export const maxTextChars = 100_000;

/** Lines and characters of a preview before "show all". */
const previewLines = 8;
const previewChars = 600;

/** Cuts a text to {@link maxTextChars}; `omitted` is the number of characters left out. */
export function capText(text: string, max = maxTextChars): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  // Do not split a surrogate pair.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), omitted: text.length - end };
}

export function omittedNote(omitted: number, location?: SourceLocation): string {
  if (omitted <= 0) return '';
  const where = location ? ` (all of it is in ${escapeHtml(location.file)}:${location.line})` : '';
  return `<div class="note">${omitted.toLocaleString('en-US')} more characters not included${where}</div>`;
}

/**
 * A preformatted text: whole when short, else a preview that expands to the full text (a native
 * `<details>`, so it works without script).
 */
export function collapsibleText(
  text: string,
  options: { cls?: string; location?: SourceLocation; open?: boolean } = {},
): string {
  const { text: kept, omitted } = capText(text);
  const cls = options.cls ? ` ${options.cls}` : '';
  const lines = kept.split('\n');
  if (lines.length <= previewLines && kept.length <= previewChars && omitted === 0)
    return `<pre class="text${cls}">${escapeHtml(kept)}</pre>`;
  const preview = lines.slice(0, previewLines).join('\n').slice(0, previewChars);
  const count = `${lines.length.toLocaleString('en-US')} lines, ${text.length.toLocaleString('en-US')} characters`;
  return `<details class="more"${options.open ? ' open' : ''}><summary><pre class="text preview${cls}">${escapeHtml(preview)}…</pre><span class="expand">show all (${count})</span></summary><pre class="text full${cls}">${escapeHtml(kept)}</pre>${omittedNote(omitted, options.location)}</details>`;
}
