/**
 * Gemini CLI's whole-document sessions (`chats/session-<time>-<id>.json`, a pretty-printed object
 * `{sessionId, projectHash, startTime, lastUpdated, messages[], ...}`): the document becomes one `session`
 * record (the object without `messages`, line 1) followed by one record per message, each located at the line
 * its object starts on. JSONL sessions go through the shared JSONL reader.
 */
import { isObject } from '../../schemas/common/is-object.js';
import type { DocumentRecord } from '../agent-adapter.js';
import { looksLikeGeminiSession } from './decode-record.js';

/** Whether a parsed document is a Gemini CLI session. */
export function claimsGeminiDocument(document: unknown): boolean {
  return looksLikeGeminiSession(document) && Array.isArray((document as Record<string, unknown>).messages);
}

/** The records of a session document; `text` is the document's text, for the lines of its messages. */
export function geminiDocumentRecords(document: Record<string, unknown>, text: string): DocumentRecord[] {
  const { messages, ...session } = document;
  const list = Array.isArray(messages) ? messages : [];
  const lines = messageLines(text);
  return [
    { value: session, line: 1 },
    ...list.map((message, i) => ({
      value: isObject(message) ? message : { type: '(not an object)', value: message },
      line: lines[i] ?? 1,
    })),
  ];
}

/**
 * The line each element of the top-level `messages` array starts on: one pass over the text, tracking the
 * nesting depth outside strings and the key of the root object being read.
 */
export function messageLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastString = '';
  let key = '';
  let inMessages = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        if (depth === 1) lastString = text.slice(stringStart, i);
      }
      continue;
    }
    switch (c) {
      case 34:
        inString = true;
        stringStart = i + 1;
        if (inMessages && depth === 2) lines.push(line);
        break;
      case 58 /* : */:
        if (depth === 1) key = lastString;
        break;
      case 123 /* { */:
      case 91 /* [ */:
        if (inMessages && depth === 2) lines.push(line);
        if (depth === 1 && c === 91 && key === 'messages') inMessages = true;
        depth++;
        break;
      case 125 /* } */:
      case 93 /* ] */:
        depth--;
        if (depth === 1) inMessages = false;
        break;
      default:
        // A number, true, false or null as an array element: its line.
        if (inMessages && depth === 2 && c > 32 && c !== 44 /* , */) {
          lines.push(line);
          while (i + 1 < text.length && /[^,\]\s]/.test(text[i + 1] ?? '')) i++;
        }
    }
  }
  return lines;
}
