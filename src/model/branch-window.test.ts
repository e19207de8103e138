import { describe, expect, it } from 'vitest';
import { type BranchNode, branchState } from './branch-rule.js';
import { branchWindowOf, extendBranch } from './branch-window.js';
import { orderConversation } from './conversation-order.js';

/** A chain record with its parent link, as a generated log has it. */
interface Record {
  key: string;
  parent: string | undefined;
  node: BranchNode;
}

/** A small deterministic generator (xorshift32), so that a failing chain can be made again from its seed. */
function random(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

/**
 * A chain as a running session writes one: mostly each record after the one before, with tool results
 * fanned out, progress and system records, responses split over records of one API message, and now and
 * then a rewind to an earlier record, a new chain (compaction), a parent that is not in the file, a parent
 * written after its child.
 */
function chain(seed: number, length: number): Record[] {
  const next = random(seed);
  const records: Record[] = [];
  let api = 0;
  // Records whose parent is set by an earlier record that named them as its parent (no cycle).
  const forced = new Map<number, string | undefined>();
  for (let i = 0; i < length; i++) {
    const r = next();
    const last = records[records.length - 1];
    let parent: string | undefined = last?.key;
    if (forced.has(i)) parent = forced.get(i);
    else if (r < 0.06 && records.length > 0)
      parent = (records[Math.floor(next() * records.length)] as Record).key; // a rewind or fork
    else if (r < 0.08)
      parent = undefined; // a new chain
    else if (r < 0.09)
      parent = `gone-${i}`; // a parent not in the file
    else if (r < 0.095 && !forced.has(i + 1)) {
      // A parent written after its child, itself below the record before.
      const later = i + 1 + Math.floor(next() * 3);
      if (!forced.has(later)) {
        parent = `k${later}`;
        forced.set(later, last?.key);
      }
    }
    const t = next();
    const type = t < 0.35 ? 'user' : t < 0.75 ? 'assistant' : t < 0.88 ? 'progress' : 'system';
    const node: BranchNode = { type, index: i };
    if (type === 'assistant') {
      const sameApi = last?.node.type === 'assistant' && next() < 0.4;
      if (!sameApi) api += 1;
      node.apiId = next() < 0.05 ? undefined : `msg_${api}`;
    }
    if (type === 'user') node.alternative = next() < 0.5;
    records.push({ key: `k${i}`, parent, node });
  }
  return records;
}

function ruleOver(records: readonly Record[]) {
  const nodes = new Map(records.map((r) => [r.key, r.node]));
  const parents = new Map(records.map((r) => [r.key, r.parent]));
  return { nodes, state: branchState(nodes, (key) => parents.get(key)) };
}

/**
 * Cuts a chain after `cut` records: the window of the first part, extended by the rest, against the rule over
 * the whole chain. Returns whether the window decided (undecided is allowed, a wrong answer is not).
 */
function checkCut(chainRecords: readonly Record[], cut: number, size: number, count = Infinity): boolean {
  const records = chainRecords.slice(0, cut + count);
  const before = ruleOver(records.slice(0, cut));
  const whole = ruleOver(records);
  const window = branchWindowOf(before.nodes, before.state, size);
  const added = records.slice(cut);
  const parents = new Map(added.map((r) => [r.key, r.parent]));
  const { order, cyclic } = orderConversation(
    added.map((r) => ({ id: r.key, parentId: r.parent, index: r.node.index })),
  );
  // Cycles among new records are refused before the rule (appendConversation).
  if (cyclic.length > 0) return false;
  // A parent written after its child, or a record arriving for a parent named before: refused before too.
  if (records.slice(0, cut).some((r) => r.parent !== undefined && parents.has(r.parent))) return false;
  if ([...before.state.rootOf.values()].some((root) => root === null)) return false;
  const step = extendBranch(
    window,
    new Map(added.map((r) => [r.key, r.node])),
    order,
    (key) => parents.get(key),
    (key) => before.nodes.has(key),
    size,
  );
  if (step === undefined) return false;
  for (const r of added) expect(step.off.has(r.key), `new ${r.key}`).toBe(whole.state.off.has(r.key));
  for (const r of records.slice(0, cut)) {
    const was = before.state.off.has(r.key);
    const now = step.changed.get(r.key) ?? was;
    expect(now, `stored ${r.key}`).toBe(whole.state.off.has(r.key));
    if (step.changed.has(r.key)) expect(now).not.toBe(was);
  }
  expect(step.window).toEqual(branchWindowOf(whole.nodes, whole.state, size));
  return true;
}

describe('extendBranch', () => {
  it('decides as the rule over the whole chain, at every cut of generated chains', () => {
    const decided = new Map<number, [yes: number, no: number]>();
    for (let seed = 1; seed <= 30; seed++) {
      const records = chain(seed, 100);
      for (let cut = 1; cut < records.length; cut += 2 + (seed % 5))
        for (const size of [4, 16, 1024])
          for (const count of [1, 3, 12]) {
            const tally = decided.get(size) ?? [0, 0];
            tally[checkCut(records, cut, size, count) ? 0 : 1] += 1;
            decided.set(size, tally);
          }
    }
    // Appends of a few records are mostly decided by the window alone, even a small one; the rest (forks
    // before the window, parents written after their child) are left to a build.
    for (const [yes, no] of decided.values()) {
      expect(yes).toBeGreaterThan(no * 2);
      expect(no).toBeGreaterThan(0);
    }
  });

  it('decides appends of several records at once, up to the whole rest of the chain', () => {
    for (let seed = 100; seed < 140; seed++) {
      const records = chain(seed, 80);
      for (const cut of [1, 10, 40, 79]) checkCut(records, cut, 1024);
    }
  });

  it('moves the records below a rewind among the kept ones off the branch', () => {
    const user = (i: number, alternative = true): BranchNode => ({ type: 'user', index: i, alternative });
    const assistant = (i: number, apiId: string): BranchNode => ({ type: 'assistant', index: i, apiId });
    const records: Record[] = [
      { key: 'u1', parent: undefined, node: user(0) },
      { key: 'a1', parent: 'u1', node: assistant(1, 'm1') },
      { key: 'u2', parent: 'a1', node: user(2) },
      { key: 'a2', parent: 'u2', node: assistant(3, 'm2') },
      // The rewind: a new prompt below the first answer.
      { key: 'u3', parent: 'a1', node: user(4) },
      { key: 'a3', parent: 'u3', node: assistant(5, 'm3') },
    ];
    expect(checkCut(records, 4, 1024)).toBe(true);
    const before = ruleOver(records.slice(0, 4));
    const step = extendBranch(
      branchWindowOf(before.nodes, before.state),
      new Map(records.slice(4).map((r) => [r.key, r.node])),
      ['u3', 'a3'],
      (key) => records.find((r) => r.key === key)?.parent,
      () => false,
    );
    expect(step?.changed).toEqual(
      new Map([
        ['u2', true],
        ['a2', true],
      ]),
    );
    expect(step?.off.size).toBe(0);
    // With only the last two records kept, the fork's point lies before the window: undecided.
    const small = branchWindowOf(before.nodes, before.state, 2);
    expect(
      extendBranch(
        small,
        new Map(records.slice(4).map((r) => [r.key, r.node])),
        ['u3', 'a3'],
        (key) => records.find((r) => r.key === key)?.parent,
        (key) => before.nodes.has(key),
        2,
      ),
    ).toBeUndefined();
  });
});
