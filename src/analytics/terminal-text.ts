/**
 * Makes text safe for a terminal. Logs hold whatever an agent read or a tool printed: escape sequences
 * (colours, the window title, OSC 52 clipboard writes, cursor moves that fake a prompt), carriage returns that
 * overwrite a line, 8-bit C1 controls (U+009B is a CSI on many terminals) and bidi overrides that reorder what
 * is shown. Every such character is shown visibly escaped (`\x1b`, `\u202e`) instead of passed through; the
 * rest of a sequence is printable text and stays as it is (`\x1b]0;title\x07`).
 *
 * `terminalText` is for a value taken from a log (or a path, a name, a message quoting one); `guardTerminal`
 * is the last line of defence on what a command writes to a terminal, and lets through only the colours the
 * CLI itself adds. `displayWidth` is the number of terminal columns a safe string takes.
 */

/** C0 controls, DEL, C1 controls, bidi embeddings/overrides/isolates and marks, line/paragraph separators. */
const unsafeClass =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
const unsafe = new RegExp(unsafeClass, 'g');

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `\\x${code.toString(16).padStart(2, '0')}`;
  // DEL and above: the \u form, which is also a valid escape inside a JSON string.
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

const named: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

export interface TerminalTextOptions {
  /** Keep line breaks (and tabs): for text printed as a block of lines (`show --full`). */
  multiline?: boolean;
}

/** `text` with every control, escape and bidi character shown as a visible escape. */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const source = options.multiline ? text.replace(/\r\n/g, '\n') : text;
  return source.replace(unsafe, (char) => {
    if (options.multiline && (char === '\n' || char === '\t')) return char;
    return named[char] ?? escapeChar(char);
  });
}

/** The SGR sequences (colours, bold, dim) that the CLI's own colours write: one parameter each. */
const sgr = /\u001b\[\d{1,3}m/y;

/** The unsafe characters but line breaks and tabs, which output keeps. */
const unsafeInOutput = new RegExp(
  unsafeClass.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b-\\u001f'),
  'g',
);

/**
 * What a command writes, made safe for the terminal: like `terminalText` with line breaks and tabs kept, and,
 * when `allowColors`, the SGR sequences (`ESC [ ... m`) left alone because they are the CLI's own colours.
 * Jumps from one unsafe character to the next: a report of plain text is one regular expression scan.
 */
export function guardTerminal(text: string, allowColors: boolean): string {
  unsafeInOutput.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let match = unsafeInOutput.exec(text); match !== null; match = unsafeInOutput.exec(text)) {
    const i = match.index;
    const char = match[0];
    if (allowColors && char === '\u001b') {
      sgr.lastIndex = i;
      const colour = sgr.exec(text);
      if (colour) {
        unsafeInOutput.lastIndex = i + colour[0].length;
        continue;
      }
    }
    out += text.slice(last, i) + (named[char] ?? escapeChar(char));
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Made on first use: ICU's grapheme data takes milliseconds to load, which a status line cannot spare. */
let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<{ segment: string }> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return segmenter.segment(text);
}

/**
 * Characters of one column each that are graphemes of their own (no combining mark, joiner, variation
 * selector, format or wide character among them): printable ASCII, Latin-1 but the soft hyphen, Latin
 * Extended-A and -B, general punctuation (dashes, quotes, `…`) but the separators and format characters,
 * arrows, box drawing and block elements. A text of these alone is as wide as it is long: no segmenting (ICU's
 * grapheme data takes milliseconds to load, and the report's tables are drawn with box drawing characters).
 */
const singleColumn =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u024f\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u259f]*$/;
const zeroWidth = /^[\p{Mn}\p{Me}\p{Cf}\u200b]+$/u;
const emoji = /\p{Extended_Pictographic}\ufe0f|\p{Emoji_Presentation}|\p{Regional_Indicator}{2}/u;

/** East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth.txt, W and F), the ones seen in text. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** Columns taken by one grapheme cluster of safe text. */
function graphemeWidth(grapheme: string): number {
  if (zeroWidth.test(grapheme)) return 0;
  if (emoji.test(grapheme)) return 2;
  return isWide(grapheme.codePointAt(0) ?? 0) ? 2 : 1;
}

/** Terminal columns taken by `text` (safe text, with no escapes other than SGR colours, which take none). */
export function displayWidth(text: string): number {
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return singleColumn.test(plain) ? plain.length : segmentedWidth(plain);
}

/** Terminal columns taken by `text` (without colours), grapheme by grapheme. */
export function segmentedWidth(plain: string): number {
  let width = 0;
  for (const { segment } of graphemes(plain)) {
    width += graphemeWidth(segment);
  }
  return width;
}

/** `text` cut to at most `columns` terminal columns, ending with `…` when cut (by grapheme, never mid-character). */
export function fitWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  if (columns <= 0) return '';
  let out = '';
  let width = 0;
  for (const { segment } of graphemes(text)) {
    const w = graphemeWidth(segment);
    if (width + w > columns - 1) break;
    out += segment;
    width += w;
  }
  return `${out}…`;
}
