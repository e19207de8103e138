import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExactSum } from '../analytics/exact-sum.js';
import { emptyUsage } from '../model/usage.js';
import { openIndex, openIndexReadOnly, openMemoryIndex } from './open-index.js';
import type { StoredRequest, StoredTree } from './queries/statusline-query.js';
import { priceRequests, readSessionCost, storeSessionCost } from './session-costs.js';

const request = (tokens: number, model?: string): StoredRequest => ({
  time: '2026-03-03T10:00:00.000Z',
  model,
  agent: 'claude-code',
  usage: { ...emptyUsage(), inputTokens: tokens },
});
/** A dollar per ten tokens of `m`; no price for any other model. */
const price = (model: string, usage: StoredRequest['usage']) =>
  model === 'm' ? usage.inputTokens / 10 : null;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('session costs', () => {
  const requests = [request(1), request(2, 'm'), request(3, 'other'), request(7, 'm')];
  const cost = priceRequests(requests, price, requests[3]);

  it('prices requests as an exact sum, counting those without a price', () => {
    expect(new ExactSum(cost.partials).value()).toBe(0.2 + 0.7);
    expect(cost.unpriced).toBe(2);
  });

  it('reads a stored total back only for the same signature and prices', () => {
    const { db } = openMemoryIndex('test');
    db.prepare("INSERT INTO _units (id, key, signature, built_at) VALUES (1, 'k', 'sig-1', 'now')").run();
    const tree: StoredTree = { unitId: 1, signature: 'sig-1', treeId: 1, sessionId: 's', start: null };
    expect(readSessionCost(db, tree, 'prices-a')).toBeUndefined();
    expect(storeSessionCost(db, tree, 'prices-a', cost)).toBe(true);
    expect(readSessionCost(db, tree, 'prices-a')).toEqual(cost);
    expect(readSessionCost(db, tree, 'prices-b')).toBeUndefined();
    // The unit written again (a new signature): the stored total is stale, and a total of the old
    // signature is not stored over it.
    db.prepare("UPDATE _units SET signature = 'sig-2' WHERE id = 1").run();
    const now: StoredTree = { ...tree, signature: 'sig-2' };
    expect(readSessionCost(db, now, 'prices-a')).toBeUndefined();
    storeSessionCost(db, tree, 'prices-a', cost);
    expect(readSessionCost(db, tree, 'prices-a')).toEqual(cost);
    expect(readSessionCost(db, now, 'prices-a')).toBeUndefined();
    // A damaged row is no total.
    db.prepare("UPDATE _session_costs SET total = '{', signature = 'sig-2'").run();
    expect(readSessionCost(db, now, 'prices-a')).toBeUndefined();
    db.close();
  });

  it('skips a store the index cannot take (read-only), and keeps the busy timeout', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-session-costs-'));
    dirs.push(dir);
    const writable = openIndex({ cacheDir: dir, agentlogVersion: 'test', busyTimeoutMs: 1234 });
    writable.db
      .prepare("INSERT INTO _units (id, key, signature, built_at) VALUES (1, 'k', 's', 'now')")
      .run();
    const tree: StoredTree = { unitId: 1, signature: 's', treeId: 1, sessionId: 'x', start: null };
    expect(storeSessionCost(writable.db, tree, 'p', cost)).toBe(true);
    expect(writable.db.pragma('busy_timeout', { simple: true })).toBe(1234);
    writable.db.close();
    const readOnly = openIndexReadOnly(dir, 'test');
    expect(storeSessionCost(readOnly.db, { ...tree, sessionId: 'y' }, 'p', cost)).toBe(false);
    expect(readSessionCost(readOnly.db, tree, 'p')).toEqual(cost);
    readOnly.db.close();
  });
});
