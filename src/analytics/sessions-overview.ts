import type { Session } from '../model/session.js';
import { allSessions } from './all-calls.js';

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
  const byAgent: Record<string, number> = {};
  const projects = new Map<string, SessionsOverview['byProject'][number]>();
  let first: string | undefined;
  let last: string | undefined;
  let totalDurationMs = 0;
  let toolCalls = 0;
  let messages = 0;
  let prompts = 0;
  let subagents = 0;
  for (const root of sessions) {
    byAgent[root.agent] = (byAgent[root.agent] ?? 0) + 1;
    const key = `${root.agent}\u0000${root.project ?? 'unknown'}`;
    const project = projects.get(key) ?? {
      project: root.project ?? 'unknown',
      agent: root.agent,
      sessions: 0,
      durationMs: 0,
      toolCalls: 0,
    };
    projects.set(key, project);
    project.sessions += 1;
    project.durationMs += root.durationMs ?? 0;
    totalDurationMs += root.durationMs ?? 0;
    if (root.startTime && (first === undefined || root.startTime < first)) first = root.startTime;
    if (root.endTime && (last === undefined || root.endTime > last)) last = root.endTime;
    for (const session of allSessions([root])) {
      if (session !== root) subagents += 1;
      toolCalls += session.toolCalls.length;
      project.toolCalls += session.toolCalls.length;
      messages += session.messages.length;
      prompts += session.messages.filter((m) => m.kind === 'prompt').length;
    }
  }
  return {
    sessions: sessions.length,
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
