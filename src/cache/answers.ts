/**
 * Answers of the report commands, remembered for the inputs they were computed from. A refresh that read
 * every file stores the hash of its inputs (`unchanged-inputs.ts`: each file as discovery saw it, the roots):
 * while the index is up to date with a run's inputs, the rows of that run's files are those the hash names,
 * so a report computed over them is the same report for every run with the same inputs, the same options and
 * the same prices. A warm run that finds nothing changed then reads one row instead of running the queries.
 *
 * An answer is kept under a key of its kind, agentlog's version and the caller's parameters (options, time
 * zone, a key of the prices), and with the inputs hash it was computed for. It is read only while the index's
 * stored inputs hash is that of the run, and written only then (in one transaction that also drops the
 * answers of other inputs). Writing never waits for a lock and never fails a run: an answer is a saving.
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { storedInputsHash } from './unchanged-inputs.js';
import { writeWithoutWaiting } from './write-without-waiting.js';

/** The answers of one run: its inputs hash, while the index is up to date with it. */
export interface AnswerMemo {
  /** The answer stored under `kind` and `params`, or undefined when there is none valid (or it is damaged). */
  recall<T>(kind: string, params: unknown): T | undefined;
  /**
   * Stores `value` (plain data: objects, arrays, strings, numbers, Maps...) under `kind` and `params`,
   * unless the index moved on meanwhile or cannot take it now. True when stored. Call it outside a
   * transaction.
   */
  remember(kind: string, params: unknown, value: unknown): boolean;
}

/**
 * The answers of a run whose inputs hash to `inputs`, or undefined when the index is not up to date with
 * them (another set of inputs was refreshed last, or a file could not be read).
 */
export function answerMemo(db: Database.Database, inputs: string, version: string): AnswerMemo | undefined {
  if (storedInputsHash(db) !== inputs) return undefined;
  const keyOf = (kind: string, params: unknown) =>
    createHash('sha1')
      .update(JSON.stringify([kind, version, params]))
      .digest('base64url');
  return {
    recall<T>(kind: string, params: unknown): T | undefined {
      const row = db
        .prepare('SELECT inputs, value FROM _answers WHERE key = ?')
        .raw()
        .get(keyOf(kind, params)) as [string, Buffer] | undefined;
      if (row === undefined || row[0] !== inputs || storedInputsHash(db) !== inputs) return undefined;
      try {
        return deserialize(inflateRawSync(row[1])) as T;
      } catch {
        // Damaged: computed again (and stored again).
        return undefined;
      }
    },
    remember(kind, params, value) {
      let packed: Buffer;
      try {
        packed = deflateRawSync(serialize(value));
      } catch {
        // Not plain data (a function, a class instance): not kept.
        return false;
      }
      // The next run computes it again when the index cannot take it now.
      return writeWithoutWaiting(db, () =>
        db
          .transaction(() => {
            if (storedInputsHash(db) !== inputs) return false;
            db.prepare('DELETE FROM _answers WHERE inputs <> ?').run(inputs);
            db.prepare('INSERT OR REPLACE INTO _answers (key, inputs, value) VALUES (?, ?, ?)').run(
              keyOf(kind, params),
              inputs,
              packed,
            );
            return true;
          })
          .immediate(),
      );
    },
  };
}
