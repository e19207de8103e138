import { allSessions } from '../model/all-sessions.js';
import { sessionColumns as S } from '../model/row-columns.js';
import { type ExportDataset, exportColumns, isoTime, orNull } from './dataset.js';
import { usageCost } from './usage-cost.js';

/** One row per session, subagent sessions included (`is_subagent`), with counts, tokens and cost. */
export const sessionsDataset: ExportDataset = {
  name: 'sessions',
  description: 'one row per session, subagent sessions included',
  columns: [
    // Every column of the public sessions rows, in their order, then the export's own.
    ...exportColumns(...Object.values(S)),
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
