import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/index-helpers.js';
import { answerMemo } from './answers.js';
import { type IndexDb, openIndex } from './open-index.js';
import { saveInputsHash } from './unchanged-inputs.js';

let cache: string;
let index: IndexDb;

const report = {
  sessions: { sessions: 3, byAgent: { codex: 1, 'claude-code': 2 }, firstTime: undefined },
  usage: { rows: [{ key: '2026-01-01', cost: 0.1 + 0.2 }], unpriced: new Map([['m', 2]]) },
  drift: [],
  total: Number.POSITIVE_INFINITY,
};

describe('answerMemo', () => {
  beforeEach(() => {
    cache = tempDir('answers');
    index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
  });
  afterEach(() => {
    index.db.close();
    rmSync(cache, { recursive: true, force: true });
  });

  it('is there only while the index is up to date with the run’s inputs', () => {
    expect(answerMemo(index.db, 'h1', 'v')).toBeUndefined();
    saveInputsHash(index.db, { hash: 'h1', units: 4 });
    expect(answerMemo(index.db, 'h2', 'v')).toBeUndefined();
    expect(answerMemo(index.db, 'h1', 'v')).toBeDefined();
  });

  it('gives back what it stored, exactly (undefined members, Maps, float sums, infinities)', () => {
    saveInputsHash(index.db, { hash: 'h1', units: 4 });
    const memo = answerMemo(index.db, 'h1', 'v');
    expect(memo?.recall('report', { by: 'day' })).toBeUndefined();
    expect(memo?.remember('report', { by: 'day' }, report)).toBe(true);
    const back = answerMemo(index.db, 'h1', 'v')?.recall<typeof report>('report', { by: 'day' });
    expect(back).toStrictEqual(report);
    expect(Object.keys(back?.sessions ?? {})).toEqual(['sessions', 'byAgent', 'firstTime']);
    expect(back?.usage.rows[0]?.cost).toBe(0.1 + 0.2);
  });

  it('keeps answers apart by kind, parameters and version', () => {
    saveInputsHash(index.db, { hash: 'h1', units: 4 });
    const memo = answerMemo(index.db, 'h1', 'v') as NonNullable<ReturnType<typeof answerMemo>>;
    memo.remember('report', { by: 'day', prices: 'a' }, 1);
    memo.remember('report', { by: 'day', prices: 'b' }, 2);
    memo.remember('usage', { by: 'day', prices: 'a' }, 3);
    expect(memo.recall('report', { by: 'day', prices: 'a' })).toBe(1);
    expect(memo.recall('report', { by: 'day', prices: 'b' })).toBe(2);
    expect(memo.recall('usage', { by: 'day', prices: 'a' })).toBe(3);
    expect(memo.recall('report', { by: 'week', prices: 'a' })).toBeUndefined();
    expect(answerMemo(index.db, 'h1', 'w')?.recall('report', { by: 'day', prices: 'a' })).toBeUndefined();
  });

  it('forgets the answers of other inputs, and stores nothing once the index moved on', () => {
    saveInputsHash(index.db, { hash: 'h1', units: 4 });
    const first = answerMemo(index.db, 'h1', 'v') as NonNullable<ReturnType<typeof answerMemo>>;
    first.remember('report', {}, 'for h1');
    // Another run refreshed other inputs (or the files changed) meanwhile.
    saveInputsHash(index.db, { hash: 'h2', units: 5 });
    expect(first.recall('report', {})).toBeUndefined();
    expect(first.remember('report', { again: true }, 'late')).toBe(false);
    const second = answerMemo(index.db, 'h2', 'v') as NonNullable<ReturnType<typeof answerMemo>>;
    expect(second.recall('report', {})).toBeUndefined();
    second.remember('report', {}, 'for h2');
    expect(index.db.prepare('SELECT inputs FROM _answers').pluck().all()).toEqual(['h2']);
    // An index refreshed with unreadable files forgets its inputs: no answer at all.
    saveInputsHash(index.db, undefined);
    expect(answerMemo(index.db, 'h2', 'v')).toBeUndefined();
  });

  it('computes a damaged answer again, keeps no value that is not plain data, and never waits for a lock', () => {
    saveInputsHash(index.db, { hash: 'h1', units: 4 });
    const memo = answerMemo(index.db, 'h1', 'v') as NonNullable<ReturnType<typeof answerMemo>>;
    memo.remember('report', {}, report);
    index.db.prepare('UPDATE _answers SET value = ?').run(Buffer.from('not deflated'));
    expect(memo.recall('report', {})).toBeUndefined();
    expect(memo.remember('report', {}, { price: () => 1 })).toBe(false);
    // Another process holds the write lock: the answer is not stored, at once.
    const other = new Database(index.file);
    other.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    expect(memo.remember('report', {}, report)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    other.exec('ROLLBACK');
    other.close();
    expect(memo.remember('report', {}, report)).toBe(true);
    expect(memo.recall('report', {})).toStrictEqual(report);
  });
});
