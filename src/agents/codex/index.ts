/**
 * Codex's adapter. Its code still lives where it grew (schemas in `schemas/codex/`, roots in `sources/`, the
 * builder with thread families in `lifecycle/codex/`); the adapter points at it.
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
