import { arr, isObject, num, str } from '../lifecycle/value-access.js';
import { escapeHtml } from './escape-html.js';

/** One line of a diff: context, removed or added. */
export interface DiffLine {
  kind: ' ' | '-' | '+';
  text: string;
}

/** A hunk of a diff, with its line numbers where known. */
export interface DiffHunk {
  header?: string;
  lines: DiffLine[];
}

/** A file's diff as shown on a page. */
export interface FileDiff {
  path?: string;
  /** `add`, `update`, `delete`, or `move` (apply_patch); absent for edits. */
  action?: string;
  hunks: DiffHunk[];
}

/**
 * Hunks from Claude Code's `structuredPatch` (`[{oldStart, oldLines, newStart, newLines, lines}]`), or
 * undefined when the value is not one.
 */
export function hunksFromStructuredPatch(value: unknown): DiffHunk[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const hunks: DiffHunk[] = [];
  for (const item of value) {
    if (!isObject(item)) return undefined;
    const lines = arr(item.lines).filter((l): l is string => typeof l === 'string');
    const oldStart = num(item.oldStart);
    const newStart = num(item.newStart);
    hunks.push({
      ...(oldStart === undefined || newStart === undefined
        ? {}
        : {
            header: `@@ -${oldStart},${num(item.oldLines) ?? 0} +${newStart},${num(item.newLines) ?? 0} @@`,
          }),
      lines: lines.map(toDiffLine),
    });
  }
  return hunks;
}

function toDiffLine(line: string): DiffLine {
  const first = line.charAt(0);
  if (first === '-' || first === '+') return { kind: first, text: line.slice(1) };
  return { kind: ' ', text: first === ' ' ? line.slice(1) : line };
}

/**
 * A hunk from an edit's old and new strings: the lines both share at the start and the end are context,
 * the rest is removed then added (what the edit replaced, as Claude Code shows it).
 */
export function hunkFromStrings(oldText: string, newText: string): DiffHunk {
  const before = oldText.split('\n');
  const after = newText.split('\n');
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  const lines: DiffLine[] = [
    ...before.slice(0, head).map((text): DiffLine => ({ kind: ' ', text })),
    ...before.slice(head, before.length - tail).map((text): DiffLine => ({ kind: '-', text })),
    ...after.slice(head, after.length - tail).map((text): DiffLine => ({ kind: '+', text })),
    ...after.slice(after.length - tail).map((text): DiffLine => ({ kind: ' ', text })),
  ];
  return { lines };
}

/**
 * The files of a Codex `apply_patch` envelope (`*** Begin Patch` ... `*** End Patch`): each
 * `*** Add|Update|Delete File:` section with its `@@` hunks. Lines outside a section are ignored.
 */
export function parseApplyPatch(patch: string): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let hunk: DiffHunk | undefined;
  for (const raw of patch.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const section = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (section) {
      file = { path: section[2] ?? '', action: (section[1] ?? '').toLowerCase(), hunks: [] };
      hunk = undefined;
      files.push(file);
      continue;
    }
    if (!file) continue;
    const move = /^\*\*\* Move to: (.+)$/.exec(line);
    if (move) {
      file.path = `${file.path ?? ''} → ${move[1] ?? ''}`;
      file.action = 'move';
      continue;
    }
    if (line.startsWith('*** ')) continue;
    if (line.startsWith('@@')) {
      hunk = { header: line, lines: [] };
      file.hunks.push(hunk);
      continue;
    }
    if (!hunk) {
      hunk = { lines: [] };
      file.hunks.push(hunk);
    }
    hunk.lines.push(
      file.action === 'add' && !/^[+ -]/.test(line) ? { kind: '+', text: line } : toDiffLine(line),
    );
  }
  return files;
}

/** The most diff lines rendered per diff; the rest is counted in a note (the full text is in the input view). */
export const maxDiffLines = 2000;

/** A diff as an HTML table: removed lines red, added lines green, hunk headers between. */
export function renderDiff(diff: FileDiff): string {
  let budget = maxDiffLines;
  let hidden = 0;
  const rows: string[] = [];
  for (const hunk of diff.hunks) {
    if (hunk.header !== undefined)
      rows.push(`<tr class="hunk"><td colspan="2">${escapeHtml(hunk.header)}</td></tr>`);
    for (const line of hunk.lines) {
      if (budget <= 0) {
        hidden += 1;
        continue;
      }
      budget -= 1;
      const cls = line.kind === '-' ? 'del' : line.kind === '+' ? 'add' : 'ctx';
      rows.push(
        `<tr class="${cls}"><td class="sign">${line.kind === ' ' ? '' : line.kind}</td><td>${escapeHtml(line.text)}</td></tr>`,
      );
    }
  }
  const title =
    diff.path === undefined
      ? ''
      : `<div class="diff-file">${diff.action ? `<span class="diff-action">${escapeHtml(diff.action)}</span> ` : ''}${escapeHtml(diff.path)}</div>`;
  const note = hidden > 0 ? `<div class="note">${hidden} more diff lines not shown</div>` : '';
  return `<div class="diff">${title}<table>${rows.join('')}</table>${note}</div>`;
}

/** The text of a patch argument: a string, or the first string field that looks like a patch. */
export function patchText(value: unknown): string | undefined {
  const text = str(value);
  if (text !== undefined) return text;
  if (isObject(value)) return str(value.input) ?? str(value.patch);
  return undefined;
}
