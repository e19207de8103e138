import { allSessions } from '../model/all-sessions.js';
import { sessionColumns as S, usageColumns as U } from '../model/row-columns.js';
import { totalTokens } from '../model/usage.js';
import { type ExportDataset, exportColumns, isoTime, orNull } from './dataset.js';
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
    ...exportColumns(U.session_id, U.root_session_id, S.agent),
    { name: 'project', type: 'VARCHAR', description: 'project of the top-level session' },
    ...exportColumns(
      U.message_id,
      U.request_key,
      U.timestamp,
      U.model,
      U.input_tokens,
      U.output_tokens,
      U.cache_write_tokens,
      U.cache_write_1h_tokens,
      U.cache_read_tokens,
      U.reasoning_tokens,
      U.web_search_requests,
    ),
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
