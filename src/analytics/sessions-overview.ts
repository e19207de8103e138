import { allSessions } from '../model/all-sessions.js';
import type { Session } from '../model/session.js';

export interface SessionsOverview {
  sessions: number;
  /** Subagent runs inside those sessions. */
  subagents: number;
  byAgent: Record<string, number>;
  byProject: { project: string; agent: string; sessions: number; durationMs: number; toolCalls: number }[];
  firstTime: string | null;
  lastTime: string | null;
  /** Sum of session spans (first to last record), subagents not added again. */
  totalDurationMs: number;
  toolCalls: number;
  messages: number;
  prompts: number;
}

export function computeSessionsOverview(sessions: readonly Session[]): SessionsOverview {
  return overviewOf(
    sessions.map((root) => {
      let count = 0;
      let toolCalls = 0;
      let messages = 0;
      let prompts = 0;
      for (const session of allSessions([root])) {
        count += 1;
        toolCalls += session.toolCalls.length;
        messages += session.messages.length;
        prompts += session.messages.filter((m) => m.kind === 'prompt').length;
      }
      return {
        agent: root.agent,
        project: root.project,
        durationMs: root.durationMs,
        startTime: root.startTime,
        endTime: root.endTime,
        sessions: count,
        toolCalls,
        messages,
        prompts,
      };
    }),
  );
}

/** A top-level session with its tree's totals (subagents included), as the overview sums it. */
export interface TreeTotals {
  agent: string;
  project: string | undefined;
  durationMs: number | undefined;
  startTime: string | undefined;
  endTime: string | undefined;
  /** Sessions in the tree: 1 + its subagent runs. */
  sessions: number;
  toolCalls: number;
  messages: number;
  prompts: number;
}

/** The overview of top-level sessions given with their tree totals (`computeSessionsOverview`, the index's query). */
export function overviewOf(trees: readonly TreeTotals[]): SessionsOverview {
  const byAgent: Record<string, number> = {};
  const projects = new Map<string, SessionsOverview['byProject'][number]>();
  let first: string | undefined;
  let last: string | undefined;
  let totalDurationMs = 0;
  let toolCalls = 0;
  let messages = 0;
  let prompts = 0;
  let subagents = 0;
  for (const tree of trees) {
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
    sessions: trees.length,
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
