import { allSessions } from '../analytics/all-calls.js';
import type { ExportDataset } from './dataset.js';
import { isoTime, orNull } from './dataset.js';
import { usageCost } from './usage-cost.js';

/** One row per session, subagent sessions included (`is_subagent`), with counts, tokens and cost. */
export const sessionsDataset: ExportDataset = {
  name: 'sessions',
  description: 'one row per session, subagent sessions included',
  columns: [
    { name: 'id', type: 'VARCHAR', description: 'session id (file name, Codex thread id, or agent id)' },
    { name: 'root_session_id', type: 'VARCHAR', description: 'the top-level session of the tree' },
    { name: 'parent_session_id', type: 'VARCHAR', description: 'for subagents: the parent session' },
    { name: 'parent_tool_call_id', type: 'VARCHAR', description: 'for subagents: the call that started it' },
    { name: 'agent', type: 'VARCHAR', description: '`claude-code` or `codex`' },
    { name: 'is_subagent', type: 'BOOLEAN', description: 'true for subagent sessions' },
    { name: 'agent_id', type: 'VARCHAR', description: 'subagent id' },
    { name: 'project', type: 'VARCHAR', description: 'last segment of cwd' },
    { name: 'cwd', type: 'VARCHAR', description: 'first working directory' },
    { name: 'git_branch', type: 'VARCHAR', description: 'git branch' },
    { name: 'title', type: 'VARCHAR', description: 'title' },
    {
      name: 'title_source',
      type: 'VARCHAR',
      description: 'custom-title, ai-title, summary, first-prompt, thread-name',
    },
    {
      name: 'start_time',
      type: 'TIMESTAMP',
      description: 'time of the first record (UTC); null when absent or not a time, like every time column',
    },
    { name: 'end_time', type: 'TIMESTAMP', description: 'time of the last record (UTC)' },
    { name: 'duration_ms', type: 'BIGINT', description: 'end - start, milliseconds' },
    { name: 'forked_from_id', type: 'VARCHAR', description: 'the session it was forked from' },
    { name: 'models', type: 'JSON', description: 'array of models' },
    { name: 'versions', type: 'JSON', description: 'array of agent versions' },
    { name: 'files', type: 'JSON', description: 'array of source files, the main file first' },
    { name: 'messages', type: 'BIGINT', description: 'messages of this session (not its subagents)' },
    { name: 'prompts', type: 'BIGINT', description: 'prompts typed by the user' },
    { name: 'tool_calls', type: 'BIGINT', description: 'tool calls of this session (not its subagents)' },
    { name: 'failed_tool_calls', type: 'BIGINT', description: 'calls whose status is not ok' },
    { name: 'errors', type: 'BIGINT', description: 'calls whose status is error' },
    { name: 'subagents', type: 'BIGINT', description: 'direct subagents' },
    { name: 'input_tokens', type: 'BIGINT', description: 'input tokens, cache reads and writes excluded' },
    { name: 'output_tokens', type: 'BIGINT', description: 'output tokens (reasoning included)' },
    { name: 'cache_write_tokens', type: 'BIGINT', description: 'cache write tokens' },
    { name: 'cache_read_tokens', type: 'BIGINT', description: 'cache read tokens' },
    { name: 'reasoning_tokens', type: 'BIGINT', description: 'reasoning tokens (part of output)' },
    { name: 'cost_usd', type: 'DOUBLE', description: 'cost of the priced requests, USD' },
    { name: 'unpriced_requests', type: 'BIGINT', description: 'requests of models without a price' },
    {
      name: 'problems',
      type: 'BIGINT',
      description: 'lines that did not decode and problems found while building',
    },
    {
      name: 'meta',
      type: 'JSON',
      description: 'agent-specific details (originator, CLI version, entrypoint...)',
    },
  ],
  *rows(root, context) {
    for (const session of allSessions([root])) {
      const calls = session.toolCalls;
      const u = session.usage;
      const cost = usageCost(session.usageEntries, context.pricer);
      yield {
        id: session.id,
        root_session_id: root.id,
        parent_session_id: orNull(session.parentSessionId),
        parent_tool_call_id: orNull(session.parentToolCallId),
        agent: session.agent,
        is_subagent: session.isSubagent,
        agent_id: orNull(session.agentId),
        project: orNull(session.project),
        cwd: orNull(session.cwd),
        git_branch: orNull(session.gitBranch),
        title: orNull(session.title),
        title_source: orNull(session.titleSource),
        start_time: isoTime(session.startTime),
        end_time: isoTime(session.endTime),
        duration_ms: orNull(session.durationMs),
        forked_from_id: orNull(session.forkedFromId),
        models: session.models,
        versions: session.versions,
        files: session.files,
        messages: session.messages.length,
        prompts: session.messages.filter((m) => m.kind === 'prompt').length,
        tool_calls: calls.length,
        failed_tool_calls: calls.filter((c) => c.status !== 'ok').length,
        errors: calls.filter((c) => c.status === 'error').length,
        subagents: session.subagents.length,
        input_tokens: u.inputTokens,
        output_tokens: u.outputTokens,
        cache_write_tokens: u.cacheWriteTokens,
        cache_read_tokens: u.cacheReadTokens,
        reasoning_tokens: u.reasoningTokens,
        cost_usd: cost.cost,
        unpriced_requests: cost.unpriced,
        problems: session.problems.length,
        meta: session.meta,
      };
    }
  },
};
