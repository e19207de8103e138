// The trees' stored usage sums (cache/tree-parts.ts, queries/usage-query.ts): read when valid, taken again when their unit changed,
// when the requests they share with other trees changed, or for other prices; never the source of a wrong
// report. Each report is compared with `computeUsage` over sessions read without the index.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeUsage, type Pricer } from '../src/analytics/usage-report.js';
import type { UsageRowsPart } from '../src/analytics/usage-rows.js';
import { openIndex } from '../src/cache/open-index.js';
import { selectTrees } from '../src/cache/queries/select-trees.js';
import { queryUsage, usagePartKind } from '../src/cache/queries/usage-query.js';
import { storePendingTreeParts } from '../src/cache/tree-parts.js';
import { holdsConversation } from '../src/lifecycle/holds-conversation.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir } from './corpus.js';
import { coldSessions, copyCorpus, refreshed, tempDir, testPrice } from './index-helpers.js';

const project =
  'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of one corpus project, and an index of it. */
async function setUp() {
  const logs = tempDir('tree-parts-logs');
  const cache = tempDir('tree-parts-cache');
  dirs.push(logs, cache);
  copyCorpus(logs, [project]);
  await refreshed(cache, logs);
  return { logs, cache };
}

/** The usage report by day from the index with the trees' sums, which are then stored. */
async function fromSums(cache: string, logs: string, price: Pricer = testPrice, pricing = 'test prices') {
  const refs = (await discoverPaths([logs])).files;
  const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  try {
    const selection = selectTrees(index.db, refs, {});
    const report = queryUsage(selection, 'day', price, {}, pricing);
    storePendingTreeParts(selection);
    return report;
  } finally {
    index.db.close();
  }
}

/** The usage report by day of the sessions read without the index. */
async function expected(logs: string, price: Pricer = testPrice) {
  const sessions = (await coldSessions(logs))
    .filter(holdsConversation)
    .sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  return computeUsage(sessions, 'day', price);
}

/** Runs `sql` on the index in `cache`. */
function sql(cache: string, text: string, ...params: unknown[]) {
  const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  try {
    return index.db.prepare(text).run(...params).changes;
  } finally {
    index.db.close();
  }
}

describe('usage from the trees stored sums', () => {
  it('reads the stored sums: a sum changed in the index shows, until its unit changes', async () => {
    const { logs, cache } = await setUp();
    const first = await fromSums(cache, logs);
    expect(first).toStrictEqual(await expected(logs));
    expect(first.total.requests).toBeGreaterThan(10);

    // One tree's sum, changed behind the index's back: 1000 requests more in its first row.
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
    let tree: number;
    try {
      const [id, part] = index.db
        .prepare('SELECT tree, part FROM _tree_parts WHERE kind = ? ORDER BY length(part) DESC LIMIT 1')
        .raw()
        .get(usagePartKind('day', {})) as [number, string];
      tree = id;
      const changed = JSON.parse(part) as UsageRowsPart;
      (changed.rows[0] as [string, { requests: number }])[1].requests += 1000;
      index.db.prepare('UPDATE _tree_parts SET part = ? WHERE tree = ?').run(JSON.stringify(changed), tree);
    } finally {
      index.db.close();
    }
    expect((await fromSums(cache, logs)).total.requests).toBe(first.total.requests + 1000);

    // Its unit written again (a new signature): the sum is taken again from the rows.
    expect(
      sql(
        cache,
        "UPDATE _units SET signature = signature || '+' WHERE id = (SELECT unit_id FROM trees WHERE id = ?)",
        tree,
      ),
    ).toBe(1);
    expect(await fromSums(cache, logs)).toStrictEqual(first);
  });

  it('takes a sum again when another tree comes to share its requests', async () => {
    const { logs, cache } = await setUp();
    const before = await fromSums(cache, logs);
    // The same session copied into another project folder (as a resumed or copied session would be):
    // every request of the copy is one the first tree holds.
    const source = path.join(logs, project, '0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl');
    const copyDir = path.join(logs, 'copied-project');
    mkdirSync(copyDir, { recursive: true });
    cpSync(source, path.join(copyDir, 'b7d0c1de-0000-4000-8000-000000000001.jsonl'));
    await refreshed(cache, logs);
    const after = await fromSums(cache, logs);
    expect(after).toStrictEqual(await expected(logs));
    expect(after.sharedRequests).toBeGreaterThan(before.sharedRequests);
    expect(after.total.requests).toBe(before.total.requests);

    // And again when the copy goes: the first tree's requests are its own again.
    rmSync(copyDir, { recursive: true });
    await refreshed(cache, logs);
    expect(await fromSums(cache, logs)).toStrictEqual(before);
  });

  it('keeps sums apart by prices and by split', async () => {
    const { logs, cache } = await setUp();
    const double: Pricer = (model, usage, at) => {
      const cost = testPrice(model, usage);
      return cost === null || at === undefined ? cost : cost * 2;
    };
    expect(await fromSums(cache, logs)).toStrictEqual(await expected(logs));
    expect(await fromSums(cache, logs, double, 'doubled')).toStrictEqual(await expected(logs, double));
    expect(await fromSums(cache, logs)).toStrictEqual(await expected(logs));

    const refs = (await discoverPaths([logs])).files;
    const sessions = (await coldSessions(logs))
      .filter(holdsConversation)
      .sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
    try {
      for (const options of [{}, { timeZone: 'Pacific/Kiritimati' }, { weekStart: 'sunday' as const }])
        for (const by of ['week', 'session', 'model'] as const) {
          const selection = selectTrees(index.db, refs, {});
          expect(queryUsage(selection, by, testPrice, options, 'test prices')).toStrictEqual(
            computeUsage(sessions, by, testPrice, options),
          );
          storePendingTreeParts(selection);
        }
    } finally {
      index.db.close();
    }
  });

  it('the corpus copy it uses has several trees', async () => {
    expect((await discoverPaths([path.join(corpusDir, project)])).files.length).toBeGreaterThan(3);
  });
});
