// An append to a long Claude Code session reads the usage entries its new records name, not every stored one
// (`TailNeeds.usage`, tail-reader.ts): the others stay in their rows, and the session's totals take the new
// entries. The index then still equals one built from the whole file: a request split across two appends
// (its usage merged under its key), a model new to the session (the order of `usageByModel`), a request
// written again after it was stored, with the stored entries of the session's other requests never read.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { openIndex } from '../src/cache/open-index.js';
import { refreshIndex } from '../src/cache/refresh-index.js';
import { readRecordSlice } from '../src/lifecycle/read-record-slice.js';
import { discoverPaths } from '../src/sources/index.js';
import { recordMakers } from './helpers/claude-records.js';
import { indexAnswers, indexContents, later } from './index-compare.js';
import { refreshed, tempDir } from './index-helpers.js';

let logs: string;
let cache: string;
let fresh: string;

beforeEach(() => {
  logs = tempDir('append-usage-logs');
  cache = tempDir('append-usage-cache');
  fresh = tempDir('append-usage-fresh');
});
afterEach(() => {
  for (const dir of [logs, cache, fresh]) rmSync(dir, { recursive: true, force: true });
});

const sessionId = '7a11c0de-5eed-4000-8000-00000000a5e5';
const file = () => path.join(logs, '.claude', 'projects', '-work-long', `${sessionId}.jsonl`);

const { usage, prompt, assistant } = recordMakers(sessionId, {
  cwd: '/work/long',
  start: '2026-12-01T09:00:00.000Z',
});
const text = (t: string) => [{ type: 'text', text: t }];

/** A long session: `turns` prompts, each answered by one response (a request of its own), the last one's id `a<turns>`. */
function longSession(turns: number): object[] {
  const records: object[] = [];
  let parent: string | null = null;
  for (let t = 1; t <= turns; t++) {
    records.push(prompt(`u${t}`, parent, `Question ${t}`));
    records.push(assistant(`a${t}`, `u${t}`, `${t}`, text(`Answer ${t}`), usage(10 + t, 3 + (t % 7))));
    parent = `a${t}`;
  }
  return records;
}

const lines = (records: readonly object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

/**
 * Writes `stored`, refreshes, then appends each of `appends` (refreshing after each; with `unread`, a usage row
 * no stored entry has is added to the session before and removed after, see {@link addUnreadRow}), and
 * compares the index with one built from the whole file. Returns what each refresh did.
 */
async function run(stored: readonly object[], appends: readonly (readonly object[])[], unread = false) {
  mkdirSync(path.dirname(file()), { recursive: true });
  writeFileSync(file(), lines(stored));
  await refreshed(cache, logs);
  const steps = [];
  for (const records of appends) {
    appendFileSync(file(), lines(records));
    later(file());
    if (unread) withIndex(addUnreadRow);
    // (Without the report models, which are decoded whole from the rows after the append.)
    const { stats } = unread ? await refreshedRows() : await refreshed(cache, logs);
    if (unread)
      withIndex((db) => db.prepare('DELETE FROM usage_entries WHERE request_key = ?').run(unreadKey));
    steps.push({
      appended: stats.unitsAppended,
      built: stats.unitsBuilt,
      tail: stats.unitsAppendedFromLastPrompt,
    });
  }
  await refreshed(fresh, logs);
  expect(indexContents(cache)).toEqual(indexContents(fresh));
  expect(await indexAnswers(cache, logs)).toStrictEqual(await indexAnswers(fresh, logs));
  return steps;
}

/** The index refreshed as the SQL reports refresh it: no report models made. */
async function refreshedRows() {
  const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  try {
    const refs = (await discoverPaths([logs])).files;
    return await refreshIndex(index, { refs, roots: [logs], readSlice: readRecordSlice, sessions: false });
  } finally {
    index.db.close();
  }
}

function withIndex(change: (db: Database.Database) => unknown): void {
  const db = new Database(path.join(cache, indexFileName));
  try {
    change(db);
  } finally {
    db.close();
  }
}

const unreadKey = 'msg_unread|req_unread';

/**
 * Adds a usage row to the session that no stored entry has (a request key no record names): a decoding that
 * reads every usage row of the session finds one more than its stored form holds, and builds the unit again.
 */
function addUnreadRow(db: Database.Database): void {
  const columns = (db.prepare('PRAGMA table_info(usage_entries)').all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => name !== 'request_key');
  const list = columns.join(', ');
  db.prepare(
    `INSERT INTO usage_entries (${list}, request_key)
      SELECT ${list}, ? FROM usage_entries WHERE session_id = ? ORDER BY rowid LIMIT 1`,
  ).run(unreadKey, sessionId);
}

const sessionUsage = () => {
  const row = indexContents(cache).sessions.find((s) => s.id === sessionId);
  return row as Record<string, unknown>;
};

describe('an append to a long session', () => {
  const turns = 120;

  it('reads none of the usage entries stored for other requests', async () => {
    const stored = longSession(turns);
    const steps = await run(
      stored,
      [
        [prompt('n1', `a${turns}`, 'One more'), assistant('na1', 'n1', 'n1', text('Sure.'), usage(5, 5))],
        [prompt('n2', 'na1', 'And another'), assistant('na2', 'n2', 'n2', text('Fine.'), usage(6, 6))],
      ],
      true,
    );
    // Read whole, the session would have one usage row more than its stored form: it would be built again.
    expect(steps).toEqual([
      { appended: 1, built: 0, tail: 1 },
      { appended: 1, built: 0, tail: 1 },
    ]);
    expect(indexContents(cache).usage.filter((u) => u.session_id === sessionId)).toHaveLength(turns + 2);
  });

  it('equal a fresh build when a request is split across two appends (its usage merged under its key)', async () => {
    const stored = [
      ...longSession(turns),
      prompt('n1', `a${turns}`, 'Think, then answer'),
      assistant('na1', 'n1', 'split', [{ type: 'thinking', thinking: 'hm', signature: 's' }], usage(40, 2)),
    ];
    const steps = await run(stored, [
      // The rest of the same API message: more output tokens, one request.
      [assistant('na2', 'na1', 'split', text('Here.'), usage(40, 25))],
      // And again, with the same usage: nothing changes in its entry.
      [assistant('na3', 'na2', 'split', text('Done.'), usage(40, 25))],
    ]);
    expect(steps.map((s) => s.built)).toEqual([0, 0]);
    expect(steps.map((s) => s.tail)).toEqual([1, 1]);
    const split = indexContents(cache).usage.filter((u) => u.request_key === 'msg_split|req_split');
    expect(split).toHaveLength(1);
    expect(split[0]?.output_tokens).toBe(25);
  });

  it('equal a fresh build when a request repeated with the same usage reads no other entry', async () => {
    const stored = [
      ...longSession(turns),
      prompt('n1', `a${turns}`, 'Answer in two parts'),
      assistant('na1', 'n1', 'again', text('Part one.'), usage(40, 9)),
    ];
    const steps = await run(
      stored,
      [[assistant('na2', 'na1', 'again', text('Part two.'), usage(40, 9))]],
      true,
    );
    expect(steps).toEqual([{ appended: 1, built: 0, tail: 1 }]);
  });

  it('equal a fresh build when an append brings a model new to the session (usage by model in order)', async () => {
    const stored = longSession(turns);
    const steps = await run(stored, [
      [
        prompt('n1', `a${turns}`, 'Use the small model'),
        assistant('na1', 'n1', 'h1', text('Quick.'), usage(7, 7), 'claude-haiku-4-5'),
      ],
      [
        prompt('n2', 'na1', 'Back to the big one'),
        assistant('na2', 'n2', 'o1', text('Sure.'), usage(8, 8), 'claude-opus-4-5'),
        assistant('na3', 'na2', 'h2', text('And quick.'), usage(9, 9), 'claude-haiku-4-5'),
      ],
    ]);
    expect(steps.map((s) => s.built)).toEqual([0, 0]);
    expect(steps.map((s) => s.tail)).toEqual([1, 1]);
    expect(sessionUsage().input_tokens).toBeGreaterThan(0);
  });

  it('equal a fresh build when a split request changes its model', async () => {
    const stored = [
      ...longSession(turns),
      prompt('n1', `a${turns}`, 'Answer'),
      assistant('na1', 'n1', 'moved', text('One.'), usage(40, 2), 'claude-haiku-4-5'),
      prompt('n2', 'na1', 'More'),
      assistant('na2', 'n2', 'other', text('Two.'), usage(41, 3), 'claude-opus-4-5'),
    ];
    // The request of "One." comes again under another model: its entry leaves the haiku total, whose key goes.
    const steps = await run(stored, [
      [assistant('na3', 'na2', 'moved', text('Three.'), usage(40, 6), 'claude-opus-4-5')],
    ]);
    expect(steps.map((s) => s.built)).toEqual([0]);
  });

  it('equal a fresh build when a request stored before the last prompt comes again', async () => {
    const stored = longSession(turns);
    // The answer of the turn before the last one, continued after the last prompt.
    const steps = await run(stored, [
      [assistant('x1', `a${turns}`, `${turns - 1}`, text('More of it.'), usage(200, 50))],
    ]);
    expect(steps.map((s) => s.built)).toEqual([0]);
  });
});
