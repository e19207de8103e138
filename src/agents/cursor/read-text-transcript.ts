/**
 * Role `read.ts` for Cursor's older text transcripts (`agent-transcripts/<id>.txt`, read when no `.jsonl` of
 * the same stem exists). The format as kenn-io/agentsview (internal/parser/cursor.go) reads it: blocks
 * started by a line `user:` or `assistant:`; in an assistant block, `[Thinking]`, `[Tool call] <Name>` and
 * `[Tool result] <Name>` start sections whose bodies are the following indented or empty lines; other
 * lines are text. Each block becomes records of the JSONL shape (`{role, message: {content}}`), so the
 * same schemas, builder and validation apply: an assistant block is cut before each run of
 * `[Tool result]` sections, which become a `user` record of `tool_result` blocks (as in the JSONL files).
 * Every line is accounted for: it belongs to the record whose span holds it, or, before the first block
 * header, to a located error; blank lines between are counted as such by nobody (they are part of spans).
 */
import type { DocumentRecord } from '../agent-adapter.js';

/** A record with the span of lines it was made from (1-based, inclusive). */
export interface TextRecord extends DocumentRecord {
  end: number;
}

export interface TextTranscript {
  records: TextRecord[];
  /** Non-blank lines no record holds (text before the first block header), one error per run. */
  errors: { line: number; end: number; message: string }[];
}

type Block = Record<string, unknown>;

const header = /^\s*(user|assistant):\s*$/;

/** Parses a whole text transcript; never throws. */
export function readCursorText(text: string): TextTranscript {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const out: TextTranscript = { records: [], errors: [] };
  let start = -1;
  let role = '';
  const flush = (end: number) => {
    if (start < 0) return;
    const body = lines.slice(start + 1, end);
    if (role === 'user') out.records.push(userRecord(body, start + 1, end));
    else out.records.push(...assistantRecords(body, start + 1));
  };
  lines.forEach((line, i) => {
    const match = header.exec(line);
    if (!match) return;
    if (start < 0) {
      const before = lines.slice(0, i);
      const first = before.findIndex((l) => l.trim() !== '');
      if (first >= 0)
        out.errors.push({
          line: first + 1,
          end: i,
          message:
            'Text before the first `user:` or `assistant:` line of a Cursor transcript; it is left out',
        });
    }
    flush(i);
    start = i;
    role = match[1] as string;
  });
  if (start >= 0) flush(lines.length);
  else {
    const first = lines.findIndex((l) => l.trim() !== '');
    if (first >= 0)
      out.errors.push({
        line: first + 1,
        end: lines.length,
        message: 'No `user:` or `assistant:` line: not a Cursor text transcript',
      });
  }
  return out;
}

function userRecord(body: string[], headerLine: number, end: number): TextRecord {
  const text = body.join('\n').trim();
  return {
    value: { role: 'user', message: { content: [{ type: 'text', text }] } },
    line: headerLine,
    end,
  };
}

/** A section body ends at a marker or at a non-empty line at the left margin (agentsview isBlockBodyEnd). */
function bodyEnds(line: string): boolean {
  const trimmed = line.trim();
  if (/^\[(Thinking\]|Tool call\] |Tool result\])/.test(trimmed)) return true;
  return trimmed !== '' && !/^[ \t]/.test(line);
}

/** The assistant block's lines (after the header at `headerLine`) as records: cut before tool results. */
function assistantRecords(body: string[], headerLine: number): TextRecord[] {
  const records: TextRecord[] = [];
  let content: Block[] = [];
  let role = 'assistant' as 'assistant' | 'user';
  let recordStart = headerLine;
  let text: string[] = [];
  const endText = () => {
    const joined = text.join('\n').trim();
    if (joined !== '') content.push({ type: 'text', text: joined });
    text = [];
  };
  const cut = (next: 'assistant' | 'user', at: number) => {
    endText();
    if (role === next) return;
    records.push({ value: { role, message: { content } }, line: recordStart, end: at - 1 });
    content = [];
    role = next;
    recordStart = at;
  };
  let i = 0;
  while (i < body.length) {
    const line = body[i] as string;
    const trimmed = line.trim();
    const lineNo = headerLine + 1 + i;
    const section = /^\[(Thinking|Tool call|Tool result)\]\s?(.*)$/.exec(trimmed);
    if (!section) {
      if (role === 'user') cut('assistant', lineNo);
      text.push(line);
      i++;
      continue;
    }
    const kind = section[1];
    const rest = (section[2] ?? '').trim();
    let j = i + 1;
    while (j < body.length && !bodyEnds(body[j] as string)) j++;
    const sectionBody = body.slice(i + 1, j);
    if (kind === 'Tool result') {
      cut('user', lineNo);
      content.push({
        type: 'tool_result',
        name: rest,
        content: [{ type: 'text', text: dedent(sectionBody).join('\n').trim() }],
      });
    } else {
      if (role === 'user') cut('assistant', lineNo);
      endText();
      if (kind === 'Thinking')
        content.push({ type: 'thinking', thinking: [rest, ...dedent(sectionBody)].join('\n').trim() });
      else content.push({ type: 'tool_use', name: rest, input: toolInput(sectionBody) });
    }
    i = j;
  }
  endText();
  records.push({ value: { role, message: { content } }, line: recordStart, end: headerLine + body.length });
  return records;
}

/**
 * A call's indented arguments: a JSON object when the body is one, else `key: value` (or `key=value`,
 * which agentsview also reads) lines; a line of neither form continues the previous value.
 */
function toolInput(body: string[]): Record<string, unknown> {
  const raw = dedent(body).join('\n').trim();
  if (raw === '') return {};
  if (raw.startsWith('{'))
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: read as key/value lines.
    }
  const input: Record<string, string> = {};
  let last: string | undefined;
  for (const line of dedent(body)) {
    const pair = /^([A-Za-z_][\w.-]*)(?::\s|=|:$)(.*)$/.exec(line.trim());
    if (pair && !/^\s/.test(line)) {
      last = pair[1] as string;
      input[last] = (pair[2] ?? '').trim();
    } else if (last !== undefined) input[last] = `${input[last]}\n${line}`.replace(/^\n/, '');
  }
  for (const key of Object.keys(input)) input[key] = (input[key] ?? '').trimEnd();
  return input;
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const min = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(Math.min(min, /^[ \t]*/.exec(l)?.[0].length ?? 0)));
}
