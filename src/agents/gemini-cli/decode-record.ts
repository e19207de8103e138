import { isObject } from '../../schemas/common/is-object.js';
import { type GeminiRecordType, geminiRecordSchemas } from './schemas/records.js';

/**
 * The type of a Gemini CLI record: `session` (the metadata: a JSONL file's first line, or a document
 * without its messages), `$set`, `$rewindTo`, or the message `type` (user, gemini, info, error, warning).
 * Anything else is an unknown type (kept and counted, never dropped).
 */
export function geminiRecordType(value: Record<string, unknown>): { name: string; known: boolean } {
  if ('$set' in value) return { name: '$set', known: true };
  if ('$rewindTo' in value) return { name: '$rewindTo', known: true };
  const type = value.type;
  if (typeof type === 'string') return { name: type, known: Object.hasOwn(geminiRecordSchemas, type) };
  if (typeof value.sessionId === 'string' && !('id' in value)) return { name: 'session', known: true };
  return { name: '(no type)', known: false };
}

/** The schema of a known record type. */
export function geminiSchemaOf(name: string) {
  return Object.hasOwn(geminiRecordSchemas, name) ? geminiRecordSchemas[name as GeminiRecordType] : undefined;
}

/**
 * Whether the first record of a JSONL file (or a whole document) is Gemini CLI's session metadata:
 * `sessionId`, `projectHash` and `startTime`, with no `type` (Claude Code and Qwen Code records have one).
 */
export function looksLikeGeminiSession(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.sessionId === 'string' &&
    typeof value.projectHash === 'string' &&
    'startTime' in value &&
    !('type' in value)
  );
}
