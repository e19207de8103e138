/** Cursor's adapter: agent transcripts under `~/.cursor/projects/<workspace>/agent-transcripts/` (see the role files). */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildCursorSession } from './build-session.js';
import { decodeCursorRecord, looksLikeCursorTranscript } from './decode-record.js';
import { readCursorText } from './read-text-transcript.js';
import { cursorRootsRole, isCursorTextTranscript } from './roots.js';
import { cursorRecordSchemas } from './schemas/cursor-records.js';
import { cursorTools, lookupCursorTool } from './tools/cursor-tools.js';
import { cursorUsage, cursorUsageNote } from './usage.js';
import { validateCursorLine } from './validate-record.js';

export const cursorAdapter: AgentAdapter = {
  agent: 'cursor',
  roots: cursorRootsRole,
  read: { text: { claims: isCursorTextTranscript, read: readCursorText } },
  decode: {
    looksLike: looksLikeCursorTranscript,
    recordType(value) {
      const decoded = decodeCursorRecord(value, 'envelope');
      return { name: decoded.name, known: decoded.known };
    },
    validate: validateCursorLine,
    schemas: cursorRecordSchemas,
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
  build: { kind: 'file', buildSession: buildCursorSession },
  usage: { note: cursorUsageNote, normalise: cursorUsage },
};
