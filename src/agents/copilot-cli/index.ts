/**
 * GitHub Copilot CLI's adapter: `~/.copilot/session-state/<id>/events.jsonl` (current), the older bare
 * `session-state/<id>.jsonl`, and the 2025 whole documents of `history-session-state/<id>.json`.
 */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildCopilotCliSession } from './build-session.js';
import { classifyCopilotFile, pruneSessionState } from './classify-copilot-file.js';
import { copilotRecordType } from './copilot-record-type.js';
import { copilotRoots, copilotRootVariables, copilotSessionFolders } from './copilot-roots.js';
import { copilotUsageNote, copilotUsageOf } from './copilot-usage.js';
import { legacyDocumentRecords } from './legacy-records.js';
import { looksLikeCopilotEvent } from './schemas/decode-copilot-event.js';
import { looksLikeLegacyCopilotSession } from './schemas/legacy-session.js';
import { copilotTools, lookupCopilotTool } from './tools/index.js';
import { copilotSubject, validateCopilotRecord } from './validate-copilot-record.js';

export const copilotCliAdapter: AgentAdapter = {
  agent: 'copilot-cli',
  roots: {
    variables: copilotRootVariables,
    searches: (env, home) =>
      copilotRoots(env, home).map((root) => ({
        agent: 'copilot-cli',
        root,
        parts: [
          {
            name: copilotSessionFolders.events,
            context: () => ({ kind: 'agent', root, classify: classifyCopilotFile }),
            prune: pruneSessionState,
          },
          {
            name: copilotSessionFolders.legacy,
            context: () => ({ kind: 'agent', root, classify: classifyCopilotFile }),
            collect: (name) => name.endsWith('.json'),
          },
        ],
      })),
  },
  read: {
    document: {
      claims: looksLikeLegacyCopilotSession,
      records: legacyDocumentRecords,
    },
  },
  decode: {
    looksLike: looksLikeCopilotEvent,
    recordType: (value) => copilotRecordType(value),
    validate: validateCopilotRecord,
    subject: copilotSubject,
  },
  tools: {
    tools: copilotTools,
    lookup(name) {
      const lookup = lookupCopilotTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'file', buildSession: buildCopilotCliSession },
  usage: {
    note: copilotUsageNote,
    normalise: (raw) =>
      raw !== null && typeof raw === 'object' ? copilotUsageOf(raw as Record<string, unknown>) : undefined,
  },
};
