/**
 * Claude Code's adapter. Its roles are files of this folder like every agent's (`roots.ts`, `schemas/`,
 * `decode-record.ts`, `validate-record.ts`, `tools/`, `usage.ts`); its builder (`build-session.ts` and the fold
 * it runs, `message-fold.ts`, with subagent files, resume states and appends) builds units that span files, so
 * lifecycle calls it directly (`build: { kind: 'lifecycle' }`).
 */

import type { AgentAdapter } from '../agent-adapter.js';
import { decodeClaudeCodeRecord } from './decode-record.js';
import { lookupClaudeCodeTool } from './tools/index.js';
import { claudeCodeTools } from './tools/registry.js';
import { claudeCodeUsageNote, usageFromAnthropic } from './usage.js';
import { validateClaudeCodeLine } from './validate-record.js';

export const claudeCodeAdapter: AgentAdapter = {
  agent: 'claude-code',
  roots: {
    variables: [
      {
        name: 'CLAUDE_CONFIG_DIR',
        meaning:
          'Comma-separated config roots; default `~/.claude` and `~/.config/claude` (sessions in `projects/`).',
      },
    ],
  },
  read: {},
  decode: {
    recordType(value) {
      const decoded = decodeClaudeCodeRecord(value, 'envelope');
      return { name: decoded.type ?? '(no type)', known: decoded.kind === 'known' };
    },
    validate: validateClaudeCodeLine,
    subject: (type) => `record:${type}`,
  },
  tools: {
    tools: claudeCodeTools,
    lookup(name) {
      const lookup = lookupClaudeCodeTool(name);
      if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
      if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
      return { kind: 'unknown' };
    },
  },
  build: { kind: 'lifecycle' },
  usage: { note: claudeCodeUsageNote, normalise: usageFromAnthropic },
};
