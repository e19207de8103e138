/**
 * `agentlog ls`'s rows from the index: `summarizeSession` (analytics/session-summary.ts) of each selected
 * tree with its `sessionState` (analytics/session-state.ts), from the `sessions` rows of the tree, the
 * open turn stored with the tree, and the modification times of its files in the `files` table (stated
 * by the refresh that just ran).
 */
import {
  type SessionState,
  type SessionStateInput,
  stateOfTurn,
  stateValidThrough,
} from '../../analytics/session-state.js';
import type { SessionSummary } from '../../analytics/session-summary.js';
import type { TreeSelection } from './select-trees.js';

export type SessionListRow = SessionSummary & { state: SessionState };

interface TreeFacts {
  root?: unknown[];
  failed: number;
  errors: number;
  lastRecordMs?: number;
  lastWriteMs?: number;
}

/**
 * The `ls` rows of the selection, in its order; `now` decides the states (default: the current time).
 * `validThrough`, when given, is told the last time at which every state is still the same (`stateValidThrough`).
 */
export function querySessionList(
  selection: TreeSelection,
  now: number = Date.now(),
  validThrough?: (ms: number) => void,
): SessionListRow[] {
  let through = Number.POSITIVE_INFINITY;
  const { db } = selection;
  const mtimes = new Map(db.prepare('SELECT path, mtime_ms FROM files').raw().all() as [string, number][]);
  const open = new Map(
    db.prepare('SELECT id, open_turn FROM trees').raw().all() as [number, string | null][],
  );
  const facts = new Map<number, TreeFacts>();
  for (const row of db
    .prepare(
      `SELECT tree, parent_row, end_time, files, failed_tool_calls, errors, id, agent, project, cwd, title,
        start_time, duration_ms, messages, prompts, models, versions FROM sessions`,
    )
    .raw()
    .all() as unknown[][]) {
    const tree = row[0] as number;
    if (selection.selected.get(tree) !== true) continue;
    let fact = facts.get(tree);
    if (!fact) {
      fact = { failed: 0, errors: 0 };
      facts.set(tree, fact);
    }
    if (row[1] === null) fact.root = row;
    fact.failed += row[4] as number;
    fact.errors += row[5] as number;
    const end = row[2] === null ? Number.NaN : Date.parse(row[2] as string);
    if (!Number.isNaN(end) && (fact.lastRecordMs === undefined || end > fact.lastRecordMs))
      fact.lastRecordMs = end;
    for (const file of JSON.parse(row[3] as string) as string[]) {
      const mtime = mtimes.get(file);
      if (mtime !== undefined && (fact.lastWriteMs === undefined || mtime > fact.lastWriteMs))
        fact.lastWriteMs = mtime;
    }
  }
  const rows = selection.trees.map((tree) => {
    const fact = facts.get(tree.id) ?? { failed: 0, errors: 0 };
    const r = fact.root ?? [];
    const summary: SessionSummary = {
      id: tree.sessionId,
      agent: tree.agent,
      project: tree.project,
      cwd: (r[9] as string | null) ?? null,
      title: (r[10] as string | null) ?? null,
      startTime: tree.startTime,
      endTime: tree.endTime,
      durationMs: tree.durationMs,
      messages: (r[13] as number | undefined) ?? 0,
      prompts: (r[14] as number | undefined) ?? 0,
      toolCalls: tree.toolCalls,
      failedToolCalls: fact.failed,
      errors: fact.errors,
      subagents: tree.sessions - 1,
      models: JSON.parse((r[15] as string | undefined) ?? '[]') as string[],
      versions: JSON.parse((r[16] as string | undefined) ?? '[]') as string[],
      files: JSON.parse((r[3] as string | undefined) ?? '[]') as string[],
    };
    const input: SessionStateInput = { now };
    if (fact.lastWriteMs !== undefined) input.lastWriteMs = fact.lastWriteMs;
    const { state, lastWriteMs } = stateOfTurn(
      (open.get(tree.id) ?? null) !== null,
      fact.lastRecordMs,
      input,
    );
    through = Math.min(through, stateValidThrough(state, lastWriteMs));
    return { ...summary, state };
  });
  validThrough?.(through);
  return rows;
}
