/**
 * OpenCode's adapter: sessions in a store, the SQLite `opencode.db` or the older JSON tree `storage/` under
 * `$XDG_DATA_HOME/opencode` (see the role files); a published row dump `{table, row}` reads as JSONL.
 */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildOpencodeSession } from './build-session.js';
import { decodeOpencodeRecord, looksLikeOpencode } from './decode-record.js';
import { claimsOpencodeStore, readOpencodeStore } from './read.js';
import { opencodeRoots } from './roots.js';
import { opencodeSchemasByName } from './schemas/opencode-records.js';
import { lookupOpencodeTool, opencodeTools } from './tools/opencode-tools.js';
import { opencodeUsage, opencodeUsageNote } from './usage.js';
import { validateOpencodeRecord } from './validate-record.js';

export const opencodeAdapter: AgentAdapter = {
  agent: 'opencode',
  roots: opencodeRoots,
  read: { store: { claims: claimsOpencodeStore, read: readOpencodeStore } },
  decode: {
    looksLike: looksLikeOpencode,
    recordType(value) {
      const decoded = decodeOpencodeRecord(value, 'name');
      return { name: decoded.name, known: decoded.known };
    },
    validate: validateOpencodeRecord,
    schemas: opencodeSchemasByName,
    subject: (type) => `opencode:${type}`,
  },
  tools: {
    tools: opencodeTools,
    lookup(name) {
      const lookup = lookupOpencodeTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'file', buildSession: buildOpencodeSession },
  usage: { note: opencodeUsageNote, normalise: opencodeUsage },
};
