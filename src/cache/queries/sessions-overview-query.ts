/**
 * `computeSessionsOverview` (analytics/sessions-overview.ts) from the `trees` rows of the selection: the
 * per-tree totals (sessions, messages, prompts, calls) are stored when the tree is written.
 */
import type { SessionsOverview } from '../../analytics/sessions-overview.js';
import type { TreeSelection } from './select-trees.js';

export function querySessionsOverview(selection: TreeSelection): SessionsOverview {
  const byAgent: Record<string, number> = {};
  const projects = new Map<string, SessionsOverview['byProject'][number]>();
  let first: string | undefined;
  let last: string | undefined;
  let totalDurationMs = 0;
  let toolCalls = 0;
  let messages = 0;
  let prompts = 0;
  let subagents = 0;
  for (const tree of selection.trees) {
    byAgent[tree.agent] = (byAgent[tree.agent] ?? 0) + 1;
    const key = `${tree.agent}\u0000${tree.project ?? 'unknown'}`;
    const project = projects.get(key) ?? {
      project: tree.project ?? 'unknown',
      agent: tree.agent,
      sessions: 0,
      durationMs: 0,
      toolCalls: 0,
    };
    projects.set(key, project);
    project.sessions += 1;
    project.durationMs += tree.durationMs ?? 0;
    totalDurationMs += tree.durationMs ?? 0;
    if (tree.startTime && (first === undefined || tree.startTime < first)) first = tree.startTime;
    if (tree.endTime && (last === undefined || tree.endTime > last)) last = tree.endTime;
    subagents += tree.sessions - 1;
    toolCalls += tree.toolCalls;
    project.toolCalls += tree.toolCalls;
    messages += tree.messages;
    prompts += tree.prompts;
  }
  return {
    sessions: selection.trees.length,
    subagents,
    byAgent,
    byProject: [...projects.values()].sort(
      (a, b) => b.sessions - a.sessions || a.project.localeCompare(b.project),
    ),
    firstTime: first ?? null,
    lastTime: last ?? null,
    totalDurationMs,
    toolCalls,
    messages,
    prompts,
  };
}
