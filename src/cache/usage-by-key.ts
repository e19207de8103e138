/**
 * A session's stored usage entries read by request key, for an append that leaves the others in their rows
 * (`tail-reader.ts`, `TailNeeds.usage`): the rows of the requests the new records name (through the
 * `request_key` index; by message id for those without a request id), and the session's totals added up
 * again from its rows' models and counts when one of those entries changed.
 */
import type Database from 'better-sqlite3';
import { countUsage, emptyUsage, type UsageEntry, type UsageTotals, usageFields } from '../model/usage.js';
import { usageRowColumns } from './packed-usage.js';

/** The usage rows of some requests of a unit. */
export interface UsageOfKeys {
  /** The keys asked for. */
  asked: ReadonlySet<string>;
  /** The session's rows of them (`usageRowColumns`, then session id and rowid), in rowid order. */
  held: unknown[][];
  /** Their rowids. */
  heldRows: number[];
  /** The keys asked for that another session of the unit counts. */
  countedElsewhere: ReadonlySet<string>;
}

export interface UsageByKeyReader {
  /** The rows of the requests `keys` name in unit `unitId` (of row-backed entries: their keys are in the rows). */
  read(unitId: number, sessionId: string, keys: readonly string[]): UsageOfKeys;
  /**
   * The session's usage and usage by model as a build adds them up (`sessionFrom`): its `count` stored entries
   * in their rows' order, those of `held` (the first of `entries`) as `entries` has them now, then the rest of
   * `entries`.
   */
  totals(
    unitId: number,
    sessionId: string,
    count: number,
    held: UsageOfKeys,
    entries: readonly UsageEntry[],
  ): UsageTotals;
}

export function createUsageByKeyReader(db: Database.Database): UsageByKeyReader {
  const requestRows = db
    .prepare(
      `SELECT ${usageRowColumns.join(', ')}, session_id, rowid FROM usage_entries
        WHERE request_key IN (SELECT value FROM json_each(?)) AND +unit_id = ? ORDER BY rowid`,
    )
    .raw();
  const messageRows = db
    .prepare(
      `SELECT ${usageRowColumns.join(', ')}, session_id, rowid FROM usage_entries
        WHERE unit_id = ? AND request_key IS NULL AND message_id IN (SELECT value FROM json_each(?))
        ORDER BY rowid`,
    )
    .raw();
  // A session's usage rows as its totals take them: model and counts (`totalColumns`), rowid.
  const sessionUsage = db
    .prepare(
      `SELECT ${totalColumns.join(', ')}, rowid FROM usage_entries WHERE unit_id = ? AND session_id = ?
        ORDER BY rowid`,
    )
    .raw();

  return {
    read(unitId, sessionId, keys) {
      const asked = new Set(keys);
      const requests: string[] = [];
      const messages: string[] = [];
      for (const key of asked)
        if (key.startsWith('uuid:')) messages.push(key.slice('uuid:'.length));
        else requests.push(key);
      const rows = [
        ...(requests.length > 0 ? (requestRows.all(JSON.stringify(requests), unitId) as unknown[][]) : []),
        ...(messages.length > 0 ? (messageRows.all(unitId, JSON.stringify(messages)) as unknown[][]) : []),
      ].sort((a, b) => (a[rowidAt] as number) - (b[rowidAt] as number));
      const held: unknown[][] = [];
      const countedElsewhere = new Set<string>();
      for (const row of rows)
        if (row[sessionIdAt] === sessionId) held.push(row);
        else countedElsewhere.add(usageRowKey(row));
      return { asked, held, heldRows: held.map((row) => row[rowidAt] as number), countedElsewhere };
    },
    totals(unitId, sessionId, count, held, entries) {
      const rows = sessionUsage.all(unitId, sessionId) as unknown[][];
      if (rows.length !== count)
        throw new Error(`The stored model of a session has ${count} usage entries, its rows ${rows.length}.`);
      const totals: UsageTotals = { usage: emptyUsage(), usageByModel: {} };
      const heldAt = new Map(held.heldRows.map((rowid, i) => [rowid, i]));
      for (const row of rows) {
        const i = heldAt.get(row[totalColumns.length] as number);
        if (i !== undefined) {
          countUsage(totals, entries[i] as UsageEntry);
          continue;
        }
        const counts = emptyUsage();
        usageFields.forEach((field, f) => {
          counts[field] = row[1 + f] as number;
        });
        countUsage(totals, { usage: counts, ...(row[0] === null ? {} : { model: row[0] as string }) });
      }
      for (const entry of entries.slice(held.held.length)) countUsage(totals, entry);
      return totals;
    },
  };
}

/** The columns of a usage row that its session's totals take: its model, then its counts (`usageFields`). */
const totalColumns = ['model', ...usageRowColumns.slice(3, 3 + usageFields.length)];

/** Where a usage row read with its session id and rowid has them. */
const sessionIdAt = usageRowColumns.length;
const rowidAt = usageRowColumns.length + 1;
const requestKeyAt = usageRowColumns.indexOf('request_key');

/** The key a usage row was counted under (`usageKeyOf`). */
function usageRowKey(row: readonly unknown[]): string {
  return (row[requestKeyAt] as string | null) ?? `uuid:${row[0] as string}`;
}
