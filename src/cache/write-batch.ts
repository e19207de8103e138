// The write transactions of a refresh, and the check that lets a refresh read the index without a lock:
// any number of agentlog processes share one index.
import type { IndexDb } from './open-index.js';

/** Longest time a write transaction stays open before it is committed (other processes may wait on it). */
const maxTransactionMs = 500;

/** Another process wrote to the index while this one was reading it unlocked. */
export class IndexChangedError extends Error {}

/**
 * Write transactions spanning several files or units (one commit per file is slow), committed at least
 * every {@link maxTransactionMs} so that other agentlog processes are not kept waiting long. Each one
 * checks, once it holds the write lock, that no other process committed since this run started reading
 * (`PRAGMA data_version`): else it throws {@link IndexChangedError}. `locked`: one write transaction from
 * the start to the end instead.
 */
export function createBatch(db: IndexDb['db'], locked: boolean) {
  let began = 0;
  const dataVersion = () => db.pragma('data_version', { simple: true });
  const assertUnchanged = () => {
    if (dataVersion() === seen) return;
    if (db.inTransaction) db.exec('ROLLBACK');
    throw new IndexChangedError('The index was changed by another process.');
  };
  if (locked) db.exec('BEGIN IMMEDIATE');
  const seen = dataVersion();
  return {
    begin() {
      if (db.inTransaction) return;
      db.exec('BEGIN IMMEDIATE');
      began = Date.now();
      assertUnchanged();
    },
    maybeCommit() {
      if (!locked && db.inTransaction && Date.now() - began > maxTransactionMs) db.exec('COMMIT');
    },
    /** Throws when another process committed since the run started (what it read may be stale). */
    assertUnchanged,
    commit() {
      if (db.inTransaction) db.exec('COMMIT');
    },
    /** After a failure: what was not committed is dropped (every committed batch is consistent). */
    rollback() {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
  };
}
