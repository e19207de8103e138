// What two indexes are compared by in the append tests: every public row and report model, and what the
// report queries answer. An index brought up to date by appends must equal one built from the whole files.
import { chmodSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { UsageSplit } from '../src/analytics/usage-report.js';
import { indexFileName } from '../src/cache/cache-location.js';
import { createStoredTreesReader } from '../src/cache/model-rows.js';
import { openIndex } from '../src/cache/open-index.js';
import { queryErrors } from '../src/cache/queries/errors-query.js';
import { selectTrees } from '../src/cache/queries/select-trees.js';
import { querySessionsOverview } from '../src/cache/queries/sessions-overview-query.js';
import { queryToolInventory } from '../src/cache/queries/tool-inventory-query.js';
import { queryUsage } from '../src/cache/queries/usage-query.js';
import { storePendingTreeParts } from '../src/cache/tree-parts.js';
import { discoverPaths } from '../src/sources/index.js';
import { testPrice } from './index-helpers.js';

/** Columns that number rows (they differ between two indexes with the same content). */
const numbering = new Set(['unit_id', 'session_row', 'tree', 'parent_row']);

/**
 * Every public row and report model of an index, in the order the queries read them (a session's rows in
 * rowid order), without the columns that only number rows.
 */
export function indexContents(cacheDir: string) {
  const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
  try {
    const treesOf = createStoredTreesReader(db);
    const table = (name: string, order: string) => {
      // A tree's id is the number its sessions name it by.
      const omit = name === 'trees' ? new Set([...numbering, 'id']) : numbering;
      return (db.prepare(`SELECT * FROM ${name} ORDER BY ${order}`).all() as Record<string, unknown>[]).map(
        (row) =>
          Object.fromEntries(
            Object.entries(row)
              .filter(([key]) => !omit.has(key))
              // A stored session as the JSON it holds (deflated bytes could differ with zlib's version).
              .map(([key, value]) =>
                name === 'sessions' && key === 'detail' && value instanceof Uint8Array
                  ? [key, inflateRawSync(value).toString('utf8')]
                  : [key, value],
              ),
          ),
      );
    };
    return {
      sessions: table('sessions', 'root_session_id, rowid'),
      trees: table('trees', 'session_id'),
      messages: table('messages', 'root_session_id, session_id, rowid'),
      toolCalls: table('tool_calls', 'root_session_id, session_id, rowid'),
      usage: table('usage_entries', 'root_session_id, session_id, rowid'),
      // A session's problems are its files' problems, then its conversation's; an append writes its own
      // after the stored ones, and nothing reads problems rows in rowid order (the models keep the order).
      problems: table('problems', 'root_session_id, session_id, file, line, type, message'),
      // The stored sessions, decoded (the `detail` columns are compared as rows above too).
      models: (db.prepare('SELECT id FROM _units').pluck().all() as number[])
        .flatMap((unit) => treesOf(unit))
        .sort((a, b) => (a.anchor < b.anchor ? -1 : a.anchor > b.anchor ? 1 : 0))
        .map(({ anchor, phase, session }) => ({ anchor, phase, model: session })),
    };
  } finally {
    db.close();
  }
}

/** What the report queries answer from an index (float sums included: they depend on row order). */
export async function indexAnswers(cacheDir: string, logs: string) {
  const refs = (await discoverPaths([logs])).files;
  const index = openIndex({ cacheDir, agentlogVersion: 'test' });
  try {
    const selection = selectTrees(index.db, refs, {});
    const splits: UsageSplit[] = ['day', 'session', 'model'];
    const usage = splits.map((by) => queryUsage(selection, by, testPrice));
    // The same usage from the trees' stored sums, and the tool inventory from their stored groups
    // (cache/tree-parts.ts): those an earlier call stored (before the last append, for an index appended
    // to), the others taken now and stored for the next call.
    const fromSums = splits.map((by) => queryUsage(selection, by, testPrice, {}, 'test prices'));
    const tools = [{}, { mcp: true }].map((options) => queryToolInventory(selection, options));
    storePendingTreeParts(selection);
    if (JSON.stringify(fromSums) !== JSON.stringify(usage))
      throw new Error("The usage from the trees' stored sums differs from the usage of the rows.");
    return { overview: querySessionsOverview(selection), usage, tools, errors: queryErrors(selection) };
  } finally {
    index.db.close();
  }
}

/** Moves the modification time forward, as a later write would. */
export function later(file: string): void {
  const { mtime } = statSync(file);
  const next = new Date(mtime.getTime() + 10_000);
  utimesSync(file, next, next);
}

/** Makes every copied file writable (the corpus is read-only). */
export function writable(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
}

/** Byte offsets of `count` line starts spread over the file. */
export function lineStarts(bytes: Buffer, count: number): number[] {
  const starts: number[] = [];
  for (let i = bytes.indexOf(10); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(10, i + 1))
    starts.push(i + 1);
  const picks = new Set<number>();
  for (let i = 1; i <= count; i++) picks.add(starts[Math.floor((i * starts.length) / (count + 1))] as number);
  return [...picks].sort((a, b) => a - b);
}
