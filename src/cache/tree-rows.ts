// The order a built session tree's public rows are written in, one order for both writers: the refresh
// inserting them as they come (`row-writer.ts`) and a scan worker planning them to hand over (`prepare-unit.ts`).
import { allSessions } from '../model/all-sessions.js';
import type { Session, Subagent } from '../model/session.js';
import type { Row } from './insert-row.js';
import { callPlaces } from './packed-message.js';
import { packStoredSession } from './report-model-codec.js';
import {
  callRowOf,
  messageRowOf,
  messageText,
  problemRowOf,
  sessionRowOf,
  type TreePlace,
  treeRow,
  usageRowOf,
} from './unit-rows.js';

/**
 * The rows of one top-level session tree, made without the index: the tree row, then each session of the
 * tree (`allSessions` order, a parent before its subagents) with its messages, calls, usage entries and
 * problems. The ids SQLite gives (tree, session rows, unit) are set as they are written. Plain data, so a scan
 * worker that built a unit hands its rows over as they are.
 */
export interface TreeRows {
  tree: Row;
  sessions: {
    session: Row;
    /** The position of the parent session in `sessions`, or -1 for the top-level session. */
    parent: number;
    messages: Row[];
    calls: Row[];
    usage: Row[];
    problems: Row[];
  }[];
}

/** Takes the rows of one tree in the order they are written (see {@link emitTreeRows}). */
export interface TreeRowSink {
  tree(row: Row): void;
  /** A session's row; `parent` is the position of its parent among the sessions given before (-1: none). */
  session(row: Row, parent: number): void;
  /** The session's messages, calls, usage entries and problems follow its row. */
  message(row: Row): void;
  call(row: Row): void;
  usage(row: Row): void;
  problem(row: Row): void;
}

/**
 * Gives `sink` the rows of a built tree, in the one order both writers keep: the tree row, then each session
 * of the tree (`allSessions` order, a parent before its subagents, with its stored form: see
 * {@link storedSessions}) followed by its messages, calls, usage entries and problems. `place` orders the tree
 * among the inputs (see `TreePlace`); `rowBacked`: see `encodeStoredSession`.
 */
export function emitTreeRows(
  root: Session,
  place: TreePlace | undefined,
  rowBacked: boolean,
  sink: TreeRowSink,
): void {
  sink.tree(treeRow(root, place));
  const position = new Map<Session, number>();
  for (const { session, parent, detail } of storedSessions(root, rowBacked)) {
    position.set(session, position.size);
    sink.session(
      { ...sessionRowOf(session, root), detail },
      parent === undefined ? -1 : (position.get(parent) ?? -1),
    );
    const places = callPlaces(session.toolCalls);
    for (const message of session.messages)
      sink.message(messageRowOf(message, session, root, messageText(message), places));
    for (const call of session.toolCalls) sink.call(callRowOf(call, session, root));
    for (const entry of session.usageEntries) sink.usage(usageRowOf(entry, session, root));
    for (const problem of session.problems) sink.problem(problemRowOf(problem, session, root));
  }
}

/**
 * The sessions of a tree in the order their rows are written (`allSessions` order), each with its parent and
 * its stored form (`detail`, `packStoredSession`: with the entry its parent's `subagents` has for it).
 */
export function* storedSessions(
  root: Session,
  rowBacked: boolean,
): Generator<{ session: Session; parent: Session | undefined; detail: Buffer }> {
  const entries = new Map<Session, { parent: Session; entry: Subagent }>();
  for (const session of allSessions([root])) {
    for (const entry of session.subagents) entries.set(entry.session, { parent: session, entry });
    const up = entries.get(session);
    yield { session, parent: up?.parent, detail: packStoredSession(session, up?.entry, rowBacked) };
  }
}

/** {@link TreeRows} of a built tree, for a worker to hand over (see {@link emitTreeRows}). */
export function planTreeRows(root: Session, place: TreePlace | undefined, rowBacked: boolean): TreeRows {
  let tree: Row = {};
  const sessions: TreeRows['sessions'] = [];
  let current: TreeRows['sessions'][number] | undefined;
  const into = (pick: (s: TreeRows['sessions'][number]) => Row[]) => (row: Row) => {
    if (current) pick(current).push(row);
  };
  emitTreeRows(root, place, rowBacked, {
    tree: (row) => {
      tree = row;
    },
    session: (row, parent) => {
      current = { session: row, parent, messages: [], calls: [], usage: [], problems: [] };
      sessions.push(current);
    },
    message: into((s) => s.messages),
    call: into((s) => s.calls),
    usage: into((s) => s.usage),
    problem: into((s) => s.problems),
  });
  return { tree, sessions };
}
