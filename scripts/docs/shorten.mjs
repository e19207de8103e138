// Shortening and scrubbing of real log values for the docs: examples must be a few lines long and must not
// carry secrets, mail addresses or long private text.

const secretPatterns = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bxox[abpr]-[A-Za-z0-9-]{10,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g,
];
const mailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Removes things that look like credentials or mail addresses. */
export function scrub(text) {
  let out = text;
  for (const pattern of secretPatterns) out = out.replace(pattern, '[redacted]');
  return out.replace(mailPattern, 'user@example.com');
}

/** Cuts text to `maxChars` characters and `maxLines` lines, marking the cut with `…`. */
export function cutText(text, maxChars, maxLines = 3) {
  let out = scrub(text);
  const lines = out.split('\n');
  let cut = false;
  if (lines.length > maxLines) {
    out = lines.slice(0, maxLines).join('\n');
    cut = true;
  }
  // Long runs without spaces (base64, signatures, encrypted content) get a shorter cut.
  const limit = /^[A-Za-z0-9+/=_-]{40,}$/.test(out) ? 24 : maxChars;
  if (out.length > limit) {
    out = out.slice(0, limit - 1);
    cut = true;
  }
  return cut ? `${out.trimEnd()}…` : out;
}

/**
 * A copy of `value` with strings cut (`maxString` characters, `maxLines` lines) and arrays cut to `maxItems`
 * items. Keys listed in `drop` are removed at the top level.
 */
export function shorten(value, options = {}) {
  const { maxString = 100, maxLines = 3, maxItems = 3, drop = [] } = options;
  const walk = (node, depth) => {
    if (typeof node === 'string') return cutText(node, maxString, maxLines);
    if (Array.isArray(node)) return node.slice(0, maxItems).map((item) => walk(item, depth + 1));
    if (node === null || typeof node !== 'object') return node;
    const out = {};
    for (const [key, child] of Object.entries(node)) {
      if (depth === 0 && drop.includes(key)) continue;
      out[key] = walk(child, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}

/** The length of the example as it will be printed (compact JSON), to prefer short examples. */
export function printedSize(value) {
  return JSON.stringify(value)?.length ?? 0;
}
