/**
 * OpenCode's three layouts (storage tree documents, v1 rows, v2 rows) as one neutral shape for the builder:
 * sessions with their messages in reading order, each message with its parts. Nothing is dropped here:
 * records the builder does not show (todo lists, diffs, idle markers) are counted by the reader.
 */
import type { SourceLocation } from '../../model/source-location.js';
import { arr, isObject, type JsonObject, obj, str } from '../../schemas/common/value-access.js';
import type { AdapterRecord } from '../agent-adapter.js';

export interface OcPart {
  value: JsonObject;
  location: SourceLocation;
  /** The part's id, or `<message>:<index>` when it has none. */
  id: string;
}

export interface OcMessage {
  id: string;
  /** `user`, `assistant`, or a v2 row type (`idle`, `compaction`, `shell`...). */
  role: string;
  value: JsonObject;
  parts: OcPart[];
  location: SourceLocation;
  /** v2: parts live in the row (`data.content`); tree and v1: step-finish parts carry each step's tokens. */
  layout: 'v2' | 'parts';
}

export interface OcSession {
  id: string;
  parentId: string | undefined;
  value: JsonObject;
  location: SourceLocation;
  layout: 'tree' | 'v1' | 'v2';
  messages: OcMessage[];
}

/** Groups a file's records into sessions (in the order their first record comes). */
export function groupOpencodeRecords(records: readonly AdapterRecord[], fallbackId: string): OcSession[] {
  const sessions: OcSession[] = [];
  const byId = new Map<string, OcSession>();
  const messages = new Map<string, OcMessage>();
  let current: OcSession | undefined;
  let lastMessage: OcMessage | undefined;
  const sessionFor = (id: string | undefined, location: SourceLocation): OcSession => {
    const known = id === undefined ? current : byId.get(id);
    if (known) return known;
    const made: OcSession = {
      id: id ?? fallbackId,
      parentId: undefined,
      value: {},
      location,
      layout: 'tree',
      messages: [],
    };
    sessions.push(made);
    byId.set(made.id, made);
    current = made;
    return made;
  };
  const addMessage = (session: OcSession, message: OcMessage) => {
    session.messages.push(message);
    messages.set(message.id, message);
    lastMessage = message;
  };
  const addPart = (messageId: string | undefined, value: JsonObject, location: SourceLocation) => {
    const message = (messageId === undefined ? undefined : messages.get(messageId)) ?? lastMessage;
    if (!message) return;
    message.parts.push({ value, location, id: str(value.id) ?? `${message.id}:${message.parts.length}` });
  };
  for (const record of records) {
    const { value, location } = record;
    if (typeof value.storage === 'string') {
      const doc = obj(value.document);
      if (!doc) continue;
      if (value.storage === 'session') {
        const id = str(doc.id) ?? fallbackId;
        const session = byId.get(id) ?? sessionFor(id, location);
        Object.assign(session, {
          value: doc,
          location,
          layout: 'tree',
          parentId: str(doc.parentID) || undefined,
        });
        current = session;
      } else if (value.storage === 'message') {
        const session = sessionFor(str(doc.sessionID), location);
        const id = str(doc.id) ?? `${session.id}:${location.line}`;
        addMessage(session, {
          id,
          role: str(doc.role) ?? '(no role)',
          value: doc,
          parts: [],
          location,
          layout: 'parts',
        });
      } else if (value.storage === 'part') {
        const fromPath = str(value.file)?.split('/')[1];
        addPart(str(doc.messageID) ?? fromPath, doc, location);
      }
      continue;
    }
    const row = obj(value.row);
    if (!row) continue;
    const table = str(value.table);
    if (table === 'session_v2' || table === 'session') {
      const id = str(row.id) ?? fallbackId;
      const session = byId.get(id) ?? sessionFor(id, location);
      Object.assign(session, {
        value: row,
        location,
        layout: table === 'session_v2' ? 'v2' : 'v1',
        parentId: str(row.parent_id) || undefined,
      });
      current = session;
    } else if (table === 'session_message') {
      const session = sessionFor(str(row.session_id), location);
      const data = obj(row.data) ?? {};
      const id = str(row.id) ?? `${session.id}:${location.line}`;
      const message: OcMessage = {
        id,
        role: str(row.type) ?? '(no type)',
        value: { ...data, time_created: row.time_created },
        parts: [],
        location,
        layout: 'v2',
      };
      arr(data.content).forEach((part, index) => {
        if (isObject(part)) message.parts.push({ value: part, location, id: `${id}:${index}` });
      });
      addMessage(session, message);
    } else if (table === 'message') {
      const session = sessionFor(str(row.session_id), location);
      const data = obj(row.data) ?? {};
      const id = str(row.id) ?? `${session.id}:${location.line}`;
      addMessage(session, {
        id,
        role: str(data.role) ?? '(no role)',
        value: { ...data, id },
        parts: [],
        location,
        layout: 'parts',
      });
    } else if (table === 'part') {
      const data = obj(row.data) ?? {};
      addPart(str(row.message_id), { ...data, id: str(row.id) ?? data.id }, location);
    }
  }
  return sessions;
}
