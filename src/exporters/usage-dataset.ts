import { allSessions } from '../analytics/all-calls.js';
import { totalTokens } from '../model/usage.js';
import type { ExportDataset } from './dataset.js';
import { isoTime, orNull } from './dataset.js';
import { entryCost } from './usage-cost.js';

/**
 * One row per API request of each session tree, each request once in its tree; a request copied into
 * another session file has a row there too, `counted` false after the first (the rows `agentlog usage`
 * adds up are the counted ones).
 */
export const usageDataset: ExportDataset = {
  name: 'usage',
  description:
    'token usage per API request, each request once in its session (the rule of "Usage" in "How agentlog reads logs"); a request copied into another session file has a row there too, with `counted` false',
  columns: [
    { name: 'session_id', type: 'VARCHAR', description: 'the session (a subagent id for subagent rows)' },
    { name: 'root_session_id', type: 'VARCHAR', description: 'the top-level session of the tree' },
    { name: 'agent', type: 'VARCHAR', description: '`claude-code` or `codex`' },
    { name: 'project', type: 'VARCHAR', description: 'project of the top-level session' },
    { name: 'message_id', type: 'VARCHAR', description: 'the message carrying the usage' },
    {
      name: 'request_key',
      type: 'VARCHAR',
      description:
        'the API request (Claude Code: message id and request id; Codex: thread and cumulative totals)',
    },
    { name: 'timestamp', type: 'TIMESTAMP', description: 'time of the request (UTC)' },
    { name: 'model', type: 'VARCHAR', description: 'model' },
    { name: 'input_tokens', type: 'BIGINT', description: 'input tokens, cache reads and writes excluded' },
    { name: 'output_tokens', type: 'BIGINT', description: 'output tokens (reasoning included)' },
    { name: 'cache_write_tokens', type: 'BIGINT', description: 'cache write tokens' },
    {
      name: 'cache_write_1h_tokens',
      type: 'BIGINT',
      description: '1-hour cache writes (part of cache writes)',
    },
    { name: 'cache_read_tokens', type: 'BIGINT', description: 'cache read tokens' },
    { name: 'reasoning_tokens', type: 'BIGINT', description: 'reasoning tokens (part of output)' },
    { name: 'web_search_requests', type: 'BIGINT', description: 'server-side web searches' },
    { name: 'total_tokens', type: 'BIGINT', description: 'input + output + cache write + cache read' },
    {
      name: 'cost_usd',
      type: 'DOUBLE',
      description: 'cost of the request, USD; null when the model has no price',
    },
    {
      name: 'counted',
      type: 'BOOLEAN',
      description: 'false for a copy of a request the export wrote earlier, for another session',
    },
  ],
  *rows(root, context) {
    for (const session of allSessions([root])) {
      for (const entry of session.usageEntries) {
        const u = entry.usage;
        const key = entry.requestKey;
        const counted = key === undefined || context.seenRequests?.has(key) !== true;
        if (key !== undefined) context.seenRequests?.add(key);
        yield {
          session_id: session.id,
          root_session_id: root.id,
          agent: session.agent,
          project: orNull(root.project),
          message_id: orNull(entry.messageId),
          request_key: orNull(key),
          timestamp: isoTime(entry.timestamp),
          model: orNull(entry.model),
          input_tokens: u.inputTokens,
          output_tokens: u.outputTokens,
          cache_write_tokens: u.cacheWriteTokens,
          cache_write_1h_tokens: u.cacheWrite1hTokens,
          cache_read_tokens: u.cacheReadTokens,
          reasoning_tokens: u.reasoningTokens,
          web_search_requests: u.webSearchRequests,
          total_tokens: totalTokens(u),
          cost_usd: entryCost(entry, context.pricer),
          counted,
        };
      }
    }
  },
};
