// Markdown and JSON text helpers of the docs generator. Everything here is deterministic: same input, same
// bytes out.

/** Escapes text for a Markdown table cell (pipes, newlines). */
export function cell(text) {
  return String(text ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim();
}

/** Inline code that survives backticks in the text. */
export function code(text) {
  const value = String(text);
  const fence = value.includes('`') ? '``' : '`';
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/**
 * A Markdown table. `align` holds `l` or `r` per column. Cells are escaped unless `raw` is set (for cells that
 * already hold Markdown such as links or inline code).
 */
export function table(headers, rows, { align = [], raw = false } = {}) {
  const render = (value) => (raw ? String(value ?? '').replace(/\r?\n/g, ' ') : cell(value));
  const separator = headers.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  const lines = [`| ${headers.join(' | ')} |`, `|${separator.join('|')}|`];
  for (const row of rows) lines.push(`| ${row.map(render).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * JSON text that keeps short objects and arrays on one line (up to `width` characters including the indent)
 * and breaks longer ones, one member per line. Keys keep their order.
 */
export function formatJson(value, width = 100) {
  return render(value, '', width);
}

/** One-line JSON with a space after colons and commas: `{"a": 1, "b": [1, 2]}`. */
function flatJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(flatJson).join(', ')}]`;
  const members = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `${JSON.stringify(key)}: ${flatJson(v)}`);
  return `{${members.join(', ')}}`;
}

function render(value, indent, width) {
  const flat = flatJson(value);
  if (value === null || typeof value !== 'object' || indent.length + flat.length <= width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => inner + render(item, inner, width));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const members = entries.map(([key, v]) => `${inner}${JSON.stringify(key)}: ${render(v, inner, width)}`);
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/**
 * JSON file text laid out the way the repository's formatter (Biome, line width 110) lays it out, so that
 * generated files pass `biome check`: objects one member per line, arrays on one line when they fit.
 */
export function formatJsonFile(value) {
  return `${fileJson(value, '', '', false)}\n`;
}

function fileJson(value, indent, prefix, comma) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    const simple = value.every((item) => item === null || typeof item !== 'object');
    if (simple && indent.length + prefix.length + flat.length + (comma ? 1 : 0) <= 110) return flat;
    const items = value.map((item, i) => inner + fileJson(item, inner, '', i < value.length - 1));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const members = entries.map(([key, v], i) => {
    const head = `${JSON.stringify(key)}: `;
    return `${inner}${head}${fileJson(v, inner, head, i < entries.length - 1)}`;
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/** A fenced JSON example with the marker comment the docs test reads (`<!-- example: KIND -->`). */
export function jsonExample(marker, value) {
  return `<!-- example: ${marker} -->\n\`\`\`json\n${formatJson(value)}\n\`\`\``;
}

/** A fenced block of plain text, with a fence longer than any backtick run inside. */
export function textBlock(text, language = 'text') {
  const longest = Math.max(2, ...[...String(text).matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Joins Markdown blocks with one blank line between them, and ends the text with a newline. */
export function blocks(...parts) {
  return `${parts
    .flat()
    .filter((part) => part !== undefined && part !== null && part !== '')
    .join('\n\n')}\n`;
}

/** Sorts strings the same way on every machine (code-unit order, not locale order). */
export function byText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A relative link from one docs file to another path, both relative to the repository root. */
export function relativeLink(fromFile, toPath) {
  const from = fromFile.split('/').slice(0, -1);
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...to.slice(common)].join('/');
}
