/**
 * Cursor's adapter: agent transcripts under `~/.cursor/projects/<workspace>/agent-transcripts/` and the CLI's
 * chat stores `~/.cursor/chats/<hash>/<agent id>/store.db` (see the role files).
 */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildCursorSession } from './build-session.js';
import { buildCursorStoreSession } from './build-store-session.js';
import { decodeCursorRecord, looksLikeCursorTranscript } from './decode-record.js';
import { decodeStoreRecord, isStoreRecord, looksLikeCursorStore } from './decode-store-record.js';
import { isCursorChatStore, readCursorChatStore } from './read-chat-store.js';
import { readCursorText } from './read-text-transcript.js';
import { cursorRootsRole, isCursorTextTranscript } from './roots.js';
import { cursorRecordSchemas } from './schemas/cursor-records.js';
import { cursorStoreRecordSchemas } from './schemas/cursor-store-records.js';
import { cursorTools, lookupCursorTool } from './tools/cursor-tools.js';
import { cursorUsage, cursorUsageNote } from './usage.js';
import { validateCursorLine } from './validate-record.js';
import { validateStoreRecord } from './validate-store-record.js';

export const cursorAdapter: AgentAdapter = {
  agent: 'cursor',
  roots: cursorRootsRole,
  read: {
    text: { claims: isCursorTextTranscript, read: readCursorText },
    database: { claims: isCursorChatStore, read: readCursorChatStore },
  },
  decode: {
    looksLike: (first) => looksLikeCursorTranscript(first) || looksLikeCursorStore(first),
    recordType(value) {
      const decoded = isStoreRecord(value)
        ? decodeStoreRecord(value, 'envelope')
        : decodeCursorRecord(value, 'envelope');
      return { name: decoded.name, known: decoded.known };
    },
    validate: (value, line, context, sink) =>
      isStoreRecord(value)
        ? validateStoreRecord(value, line, context, sink)
        : validateCursorLine(value, line, context, sink),
    schemas: { ...cursorRecordSchemas, ...cursorStoreRecordSchemas },
    subject: (type) => `cursor:${type}`,
  },
  tools: {
    tools: cursorTools,
    lookup(name) {
      const lookup = lookupCursorTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: {
    kind: 'file',
    buildSession: (file) =>
      isCursorChatStore(file.file) ? buildCursorStoreSession(file) : buildCursorSession(file),
  },
  usage: { note: cursorUsageNote, normalise: cursorUsage },
};
