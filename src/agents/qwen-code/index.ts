/** Qwen Code's adapter: chat JSONL files under `~/.qwen/projects/<project>/chats/` (see the role files). */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildQwenCodeSession } from './build-session.js';
import { decodeQwenCodeRecord, looksLikeQwenCodeRecord } from './decode-record.js';
import { qwenCodeRootsRole } from './roots.js';
import { qwenCodeSchemasByName } from './schemas/qwen-code-records.js';
import { lookupQwenCodeTool, qwenCodeTools } from './tools/qwen-code-tools.js';
import { qwenCodeUsage, qwenCodeUsageNote } from './usage.js';
import { validateQwenCodeLine } from './validate-record.js';

export const qwenCodeAdapter: AgentAdapter = {
  agent: 'qwen-code',
  roots: qwenCodeRootsRole,
  read: {},
  decode: {
    looksLike: looksLikeQwenCodeRecord,
    recordType(value) {
      const decoded = decodeQwenCodeRecord(value, 'envelope');
      return { name: decoded.name, known: decoded.known };
    },
    validate: validateQwenCodeLine,
    schemas: qwenCodeSchemasByName,
    subject: (type) => `qwen-code:${type}`,
  },
  tools: {
    tools: qwenCodeTools,
    lookup(name) {
      const lookup = lookupQwenCodeTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'file', buildSession: buildQwenCodeSession },
  usage: { note: qwenCodeUsageNote, normalise: qwenCodeUsage },
};
