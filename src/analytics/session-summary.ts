import type { Session } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';

/** One row of `agentlog ls`: the stable `--json` shape. */
export interface SessionSummary {
  id: string;
  agent: string;
  project: string | null;
  cwd: string | null;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
  durationMs: number | null;
  messages: number;
  prompts: number;
  toolCalls: number;
  /** Calls whose status is not ok (error, denied, interrupted, hook_blocked, missing, orphan_result). */
  failedToolCalls: number;
  errors: number;
  subagents: number;
  models: string[];
  versions: string[];
  files: string[];
}

/** Every call of the session tree (subagents included). */
export function allCalls(session: Session): ToolCall[] {
  return [...session.toolCalls, ...session.subagents.flatMap((s) => allCalls(s.session))];
}

function countSubagents(session: Session): number {
  return session.subagents.reduce((n, s) => n + 1 + countSubagents(s.session), 0);
}

export function summarizeSession(session: Session): SessionSummary {
  const calls = allCalls(session);
  return {
    id: session.id,
    agent: session.agent,
    project: session.project ?? null,
    cwd: session.cwd ?? null,
    title: session.title ?? null,
    startTime: session.startTime ?? null,
    endTime: session.endTime ?? null,
    durationMs: session.durationMs ?? null,
    messages: session.messages.length,
    prompts: session.messages.filter((m) => m.kind === 'prompt').length,
    toolCalls: calls.length,
    failedToolCalls: calls.filter((c) => c.status !== 'ok').length,
    errors: calls.filter((c) => c.status === 'error').length,
    subagents: countSubagents(session),
    models: session.models,
    versions: session.versions,
    files: session.files,
  };
}
