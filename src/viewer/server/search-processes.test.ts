import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSearchProcesses, SearchTooExpensiveError } from './search-processes.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-search-processes-'));
const dbFile = path.join(work, 'db.sqlite');
const db = new Database(dbFile);
db.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('one'), ('two');");
db.close();
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Counts to a billion: minutes of SQLite's time. */
const endless = {
  sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) AS n FROM c',
  params: {},
};

describe('createSearchProcesses', () => {
  it('answers statements from another process, read-only', async () => {
    const searches = createSearchProcesses({ dbFile });
    try {
      expect(await searches.run({ sql: 'SELECT x FROM t WHERE x = @x', params: { x: 'two' } })).toEqual([
        { x: 'two' },
      ]);
      await expect(
        searches.run({ sql: "INSERT INTO t VALUES ('three') RETURNING x", params: {} }),
      ).rejects.toThrow(/readonly/);
    } finally {
      searches.close();
    }
  });

  it('stops a statement past its budget, and the next one runs in a fresh process', async () => {
    const searches = createSearchProcesses({ dbFile, budgetMs: 1000, maxRunning: 1 });
    try {
      const started = Date.now();
      const stopped = searches.run(endless);
      const queued = searches.run({ sql: 'SELECT count(*) AS n FROM t', params: {} });
      await expect(stopped).rejects.toBeInstanceOf(SearchTooExpensiveError);
      await expect(stopped).rejects.toThrow('took more than 1 s and was stopped: narrow it');
      expect(await queued).toEqual([{ n: 2 }]);
      // Far less than the statement would have taken, had its process not been killed.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      searches.close();
    }
  });
});
