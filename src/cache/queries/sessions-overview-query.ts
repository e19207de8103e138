/**
 * `computeSessionsOverview` (analytics/sessions-overview.ts) from the `trees` rows of the selection: the
 * per-tree totals (sessions, messages, prompts, calls) are stored when the tree is written.
 */
import { overviewOf, type SessionsOverview } from '../../analytics/sessions-overview.js';
import type { TreeSelection } from './select-trees.js';

export function querySessionsOverview(selection: TreeSelection): SessionsOverview {
  return overviewOf(
    selection.trees.map((tree) => ({
      agent: tree.agent,
      project: tree.project ?? undefined,
      durationMs: tree.durationMs ?? undefined,
      startTime: tree.startTime ?? undefined,
      endTime: tree.endTime ?? undefined,
      sessions: tree.sessions,
      toolCalls: tree.toolCalls,
      messages: tree.messages,
      prompts: tree.prompts,
    })),
  );
}
