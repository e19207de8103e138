/**
 * Codex's adapter. Its roles are files of this folder like every agent's (`roots.ts`, `schemas/`,
 * `decode-record.ts`, `validate-record.ts`, `tools/`, `usage.ts`); its builder (`build-session.ts`) and the
 * linking of thread families (`link-threads.ts`) build units that span files, so lifecycle calls them directly
 * (`build: { kind: 'lifecycle' }`).
 */

import type { AgentAdapter } from '../agent-adapter.js';
import { decodeCodexLine, looksLikeCodexRollout } from './decode-record.js';
import { codexTools, lookupCodexTool } from './tools/index.js';
import { codexUsageNote, usageFromOpenAi } from './usage.js';
import { validateCodexLine } from './validate-record.js';

export const codexAdapter: AgentAdapter = {
  agent: 'codex',
  roots: {
    variables: [
      {
        name: 'CODEX_HOME',
        meaning:
          'The Codex home folder; default `~/.codex` (rollouts in `sessions/` and `archived_sessions/`).',
      },
    ],
  },
  read: {},
  decode: {
    looksLike: looksLikeCodexRollout,
    recordType(value, lineIndex) {
      const decoded = decodeCodexLine(value, 'envelope', { lineIndex });
      return {
        name: decoded.subtype === undefined ? decoded.type : `${decoded.type}:${decoded.subtype}`,
        known: decoded.known,
      };
    },
    validate: validateCodexLine,
    subject: (type) => `codex:${type}`,
  },
  tools: {
    tools: codexTools,
    lookup(name) {
      const lookup = lookupCodexTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'lifecycle' },
  usage: { note: codexUsageNote, normalise: usageFromOpenAi },
};
