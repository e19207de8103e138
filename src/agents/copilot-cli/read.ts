import { isObject } from '../../schemas/common/value-access.js';
import type { AgentReading } from '../agent-adapter.js';
import { looksLikeLegacyCopilotSession } from './schemas/legacy-session.js';

/** One record of a legacy session document, with the line of the document it starts on. */
export interface LegacyRecord {
  value: Record<string, unknown>;
  line: number;
}

/** The arrays of a legacy document whose entries are records. */
const recordArrays = ['chatMessages', 'timeline'] as const;

/**
 * The records of a legacy Copilot CLI session document (`history-session-state/<id>.json`), in document
 * order: the header (the document without its arrays: `sessionId`, `startTime`...), then every
 * `chatMessages` entry, then every `timeline` entry, each with the line its object starts on in `text`.
 * A non-object entry becomes a record `{value: entry}` so that nothing is dropped.
 */
export function legacyDocumentRecords(document: Record<string, unknown>, text: string): LegacyRecord[] {
  const starts = elementLines(text);
  const header: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document))
    if (!(recordArrays as readonly string[]).includes(key) || !Array.isArray(value)) header[key] = value;
  const records: LegacyRecord[] = [{ value: header, line: firstLine(text) }];
  for (const key of recordArrays) {
    const entries = document[key];
    if (!Array.isArray(entries)) continue;
    const lines = starts.get(key);
    const exact = lines !== undefined && lines.elements.length === entries.length;
    entries.forEach((entry, index) => {
      records.push({
        value: isObject(entry) ? entry : { value: entry },
        line: (exact ? lines.elements[index] : lines?.array) ?? 1,
      });
    });
  }
  return records;
}

function firstLine(text: string): number {
  const match = /^\uFEFF?\s*/.exec(text)?.[0] ?? '';
  return 1 + (match.match(/\n/g)?.length ?? 0);
}

/**
 * For each top-level array of the document: the line of its `[` and the lines its object entries start on
 * (a JSON scan that skips strings; entries that are not objects are not listed, and the caller falls back to
 * the array's line).
 */
function elementLines(text: string): Map<string, { array: number; elements: number[] }> {
  const out = new Map<string, { array: number; elements: number[] }>();
  let line = 1;
  let depth = 0;
  let lastKey = '';
  let current: { array: number; elements: number[] } | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) line++;
    else if (ch === 34) {
      // A string: skip to its closing quote; at depth 1 it may be the key of the next value.
      const start = i + 1;
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) {
        if (text.charCodeAt(i) === 92) i++;
        else if (text.charCodeAt(i) === 10) line++;
        i++;
      }
      if (depth === 1) lastKey = text.slice(start, i);
    } else if (ch === 123 || ch === 91) {
      depth++;
      if (ch === 91 && depth === 2) {
        current = { array: line, elements: [] };
        out.set(lastKey, current);
      } else if (ch === 123 && depth === 3 && current) current.elements.push(line);
    } else if (ch === 125 || ch === 93) {
      depth--;
      if (depth === 1) current = undefined;
    }
  }
  return out;
}

/** Role `read.ts`: `events.jsonl` goes through the shared JSONL reader; the legacy documents are listed here. */
export const copilotCliReading: AgentReading = {
  document: { claims: looksLikeLegacyCopilotSession, records: legacyDocumentRecords },
};
