/**
 * Claude Code's adapter. Its code still lives where it grew (schemas in `schemas/claude-code/`, roots and
 * layouts in `sources/`, the builder with subagent files and resume states in `lifecycle/claude-code/`); the
 * adapter points at it, so that code shared by all agents asks the adapter.
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
