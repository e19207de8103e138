/**
 * The requests usage counts, one by one with their time, model, tokens and agent: what `blocks` and its
 * weekly totals fold. The same requests, in the same order, as `computeUsage` adds them (each request once,
 * subagents included, see `requestsOnce`), so that sums of costs come out identical; the index's twin is
 * `queryCountedRequests` (cache/queries/usage-query.ts).
 */

import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';
import { requestsOnce } from './requests-once.js';
import type { TimedUsage } from './usage-blocks.js';

/** A counted request. `time` is the request's, else its session's or tree's start ('' when none is known). */
export interface CountedRequest extends TimedUsage {
  agent: string;
}

export interface CountedRequests {
  requests: CountedRequest[];
  /** Requests found in more than one session file, counted once (as in `UsageReport`). */
  sharedRequests: number;
}

export function countedRequests(sessions: readonly Session[]): CountedRequests {
  const once = requestsOnce(sessions);
  const requests: CountedRequest[] = [];
  for (const root of sessions)
    for (const session of allSessions([root]))
      for (const entry of session.usageEntries) {
        if (once.isDuplicate(entry)) continue;
        requests.push({
          time: entry.timestamp ?? session.startTime ?? root.startTime ?? '',
          model: entry.model,
          usage: once.usageOf(entry),
          agent: root.agent,
        });
      }
  return { requests, sharedRequests: once.sharedRequests };
}
