/** Pi's adapter: session JSONL files under `~/.pi/agent/sessions/--<cwd>--/` (see the role files). */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildPiSession } from './build-session.js';
import { decodePiRecord, looksLikePiSession } from './decode-record.js';
import { piRootsRole } from './roots.js';
import { piSchemasByName } from './schemas/pi-records.js';
import { lookupPiTool, piTools } from './tools/pi-tools.js';
import { piUsage, piUsageNote } from './usage.js';
import { validatePiLine } from './validate-record.js';

export const piAdapter: AgentAdapter = {
  agent: 'pi',
  roots: piRootsRole,
  read: {},
  decode: {
    looksLike: looksLikePiSession,
    recordType(value) {
      const decoded = decodePiRecord(value, 'envelope');
      return { name: decoded.name, known: decoded.known };
    },
    validate: validatePiLine,
    schemas: piSchemasByName,
    subject: (type) => `pi:${type}`,
  },
  tools: {
    tools: piTools,
    lookup(name) {
      const lookup = lookupPiTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'file', buildSession: buildPiSession },
  usage: { note: piUsageNote, normalise: piUsage },
};
