/**
 * The session trees of one run, read from the index's `trees` rows: the top-level sessions that
 * `refreshIndex` would return for the run's files, kept and ordered as the data commands list them
 * (holding a conversation, matching the filters, newest first). Every report query starts from here.
 */
import type Database from 'better-sqlite3';
import type { SessionFilter } from '../../lifecycle/load-sessions.js';

/** One top-level session with the totals of its tree (a `trees` row). */
export interface TreeRow {
  id: number;
  sessionId: string;
  agent: string;
  project: string | null;
  cwds: string;
  startTime: string | null;
  endTime: string | null;
  durationMs: number | null;
  firstFile: string | null;
  conversation: number;
  readable: number;
  sessions: number;
  messages: number;
  prompts: number;
  toolCalls: number;
  anchor: string | null;
  phase: number;
  /** The unit whose rows hold the tree (`_units.id`). */
  unitId: number;
}

/** The trees a report covers, in report order, with the counts of the files that are not sessions. */
export interface TreeSelection {
  db: Database.Database;
  trees: TreeRow[];
  /** Every tree of the run's files (filters apart), by id: true for those in `trees`. */
  selected: ReadonlyMap<number, boolean>;
  /** Files of which not one line could be read. */
  unreadableFiles: number;
  /** Readable files that hold no conversation (metadata only). */
  emptyFiles: number;
}

/**
 * Selects the trees built from `files` (the run's inputs, in input order) that hold a conversation and
 * match `filter`, newest first (ties in input order), as `loadData` orders the sessions.
 */
export function selectTrees(
  db: Database.Database,
  files: readonly { path: string }[],
  filter: SessionFilter,
): TreeSelection {
  const position = new Map(files.map((f, i) => [f.path, i]));
  const units = new Set<number>();
  for (const [path, unit] of db.prepare('SELECT path, unit_id FROM files').raw().all() as [
    string,
    number | null,
  ][])
    if (unit !== null && position.has(path)) units.add(unit);
  const all: TreeRow[] = [];
  for (const row of db
    .prepare(
      `SELECT id, session_id, agent, project, cwds, start_time, end_time, duration_ms, first_file, conversation,
        readable, sessions, messages, prompts, tool_calls, anchor, phase, unit_id FROM trees`,
    )
    .raw()
    .all() as unknown[][]) {
    const unit = row[17] as number;
    if (!units.has(unit)) continue;
    all.push({
      id: row[0] as number,
      sessionId: row[1] as string,
      agent: row[2] as string,
      project: row[3] as string | null,
      cwds: row[4] as string,
      startTime: row[5] as string | null,
      endTime: row[6] as string | null,
      durationMs: row[7] as number | null,
      firstFile: row[8] as string | null,
      conversation: row[9] as number,
      readable: row[10] as number,
      sessions: row[11] as number,
      messages: row[12] as number,
      prompts: row[13] as number,
      toolCalls: row[14] as number,
      anchor: row[15] as string | null,
      phase: row[16] as number,
      unitId: unit,
    });
  }
  const at = (anchor: string | null) => (anchor === null ? 0 : (position.get(anchor) ?? 0));
  all.sort((a, b) => a.phase - b.phase || at(a.anchor) - at(b.anchor) || a.id - b.id);
  let unreadableFiles = 0;
  let emptyFiles = 0;
  const selected = new Map<number, boolean>();
  const trees: TreeRow[] = [];
  for (const tree of all) {
    if (tree.readable === 0) unreadableFiles += 1;
    else if (tree.conversation === 0) emptyFiles += 1;
    const kept = tree.conversation === 1 && matchesTree(tree, filter);
    selected.set(tree.id, kept);
    if (kept) trees.push(tree);
  }
  trees.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return { db, trees, selected, unreadableFiles, emptyFiles };
}

/** The selection with only the trees `keep` accepts (the files that are not sessions still counted). */
export function narrowSelection(selection: TreeSelection, keep: (tree: TreeRow) => boolean): TreeSelection {
  const selected = new Map(selection.selected);
  const trees = selection.trees.filter((tree) => {
    const kept = keep(tree);
    if (!kept) selected.set(tree.id, false);
    return kept;
  });
  return { ...selection, trees, selected };
}

/** `matchesFilter` (lifecycle/load-sessions.ts) on a tree row. */
export function matchesTree(tree: TreeRow, filter: SessionFilter): boolean {
  if (filter.agent !== undefined && tree.agent !== filter.agent) return false;
  if (filter.session !== undefined && !tree.sessionId.startsWith(filter.session)) return false;
  if (filter.project !== undefined) {
    const needle = filter.project.toLowerCase();
    const cwds = JSON.parse(tree.cwds) as string[];
    const haystacks = [tree.project ?? undefined, ...cwds].filter((s): s is string => s !== undefined);
    if (!haystacks.some((h) => h.toLowerCase().includes(needle))) return false;
  }
  const start = tree.startTime === null ? undefined : Date.parse(tree.startTime);
  const end = tree.endTime === null ? start : Date.parse(tree.endTime);
  if (filter.since !== undefined && (end === undefined || end < filter.since.getTime())) return false;
  if (filter.until !== undefined && (start === undefined || start > filter.until.getTime())) return false;
  return true;
}
