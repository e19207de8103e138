import { isObject } from '../../schemas/common/value-access.js';
import { decodeCopilotEvent, looksLikeCopilotEvent } from './schemas/decode-copilot-event.js';
import { knownLegacyChatRoles, knownLegacyTimelineTypes } from './schemas/legacy-session.js';

/** Which of the two Copilot CLI shapes a record comes from. */
export type CopilotRecordShape = 'event' | 'legacy-header' | 'legacy-chat' | 'legacy-timeline' | 'other';

const chatRoles = new Set<string>(knownLegacyChatRoles);
const timelineTypes = new Set<string>(knownLegacyTimelineTypes);

/**
 * The shape of a record: an `events.jsonl` line (`{type, data, ...}`), or one record of a legacy document
 * (see `legacyDocumentRecords`): its header (`sessionId`, no `type`), a `chatMessages` entry (`role`) or a
 * `timeline` entry (`type`, no `data`).
 */
export function copilotRecordShape(value: Record<string, unknown>): CopilotRecordShape {
  if (isObject(value.data) || ('parentId' in value && 'type' in value)) return 'event';
  if (typeof value.role === 'string') return 'legacy-chat';
  if (typeof value.type === 'string') return 'legacy-timeline';
  if (typeof value.sessionId === 'string') return 'legacy-header';
  return 'other';
}

/**
 * A record's type as counted in `ReadCounts`: the event `type` (`session.start`, `tool.execution_complete`...),
 * or for a legacy document `history.session`, `history.chat:<role>`, `history.timeline:<type>`.
 */
export function copilotRecordType(value: Record<string, unknown>): { name: string; known: boolean } {
  switch (copilotRecordShape(value)) {
    case 'event': {
      const decoded = decodeCopilotEvent(value, 'envelope');
      return { name: decoded.type, known: decoded.known };
    }
    case 'legacy-header':
      return { name: 'history.session', known: true };
    case 'legacy-chat':
      return { name: `history.chat:${String(value.role)}`, known: chatRoles.has(String(value.role)) };
    case 'legacy-timeline':
      return { name: `history.timeline:${String(value.type)}`, known: timelineTypes.has(String(value.type)) };
    default:
      return { name: '(no type)', known: false };
  }
}

/** The keys of a legacy document's header record (the document without its arrays), as every one seen has. */
const legacyHeaderKeys = new Set(['sessionId', 'startTime']);

/**
 * Whether the first record of a file is Copilot CLI's: an `events.jsonl` record, or the header record of a
 * legacy document (`sessionId` and `startTime` only: the 2025 shape, no longer written).
 */
export function looksLikeCopilotRecord(first: Record<string, unknown>): boolean {
  if (looksLikeCopilotEvent(first)) return true;
  return typeof first.sessionId === 'string' && Object.keys(first).every((key) => legacyHeaderKeys.has(key));
}
