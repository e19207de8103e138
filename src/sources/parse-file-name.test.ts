import { describe, expect, it } from 'vitest';
import { isCollectedName, isUuid, lastUuid, parseFileName } from './parse-file-name.js';

const a = '019a93b9-f380-7600-98ff-940e6b99603c';
const b = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('isUuid', () => {
  it('accepts hex UUIDs in any case and nothing else', () => {
    expect(isUuid(a)).toBe(true);
    expect(isUuid(a.toUpperCase())).toBe(true);
    expect(isUuid(`${a}x`)).toBe(false);
    expect(isUuid('123-456')).toBe(false);
    expect(isUuid('019a93b9-f380-7600-98ff-940e6b99603g')).toBe(false);
  });
});

describe('lastUuid', () => {
  it('takes the thread id of a plain rollout name', () => {
    expect(lastUuid(`rollout-2025-11-17T15-30-28-${a}`)).toBe(a);
  });
  it('takes the last of two UUIDs in a fork name', () => {
    expect(lastUuid(`rollout-2025-11-17T15-30-28-${a}_${b}`)).toBe(b);
    expect(lastUuid(`rollout-2025-11-17T15-30-28-${b}_${a}`)).toBe(a);
  });
  it('is undefined without a UUID', () => {
    expect(lastUuid('rollout-2025-11-17T15-30-28')).toBeUndefined();
  });
});

describe('parseFileName', () => {
  it('recognises agent files and keeps the id after "agent-"', () => {
    expect(parseFileName('agent-a2271d1.jsonl')).toEqual({
      kind: 'agent',
      stem: 'agent-a2271d1',
      agentId: 'a2271d1',
    });
    expect(parseFileName('agent-acompact-946d2b.jsonl')).toMatchObject({
      kind: 'agent',
      agentId: 'acompact-946d2b',
    });
  });
  it('recognises rollouts with and without a thread id', () => {
    expect(parseFileName(`rollout-2025-11-17T15-30-28-${a}_${b}.jsonl`)).toMatchObject({
      kind: 'rollout',
      threadId: b,
    });
    expect(parseFileName('rollout-x.jsonl')).toEqual({ kind: 'rollout', stem: 'rollout-x' });
  });
  it('recognises orphaned copies, UUID sessions and other names', () => {
    expect(parseFileName(`${a}.jsonl.orphaned-3`)).toEqual({ kind: 'orphaned' });
    expect(parseFileName(`${a}.jsonl`)).toEqual({ kind: 'jsonl', stem: a, uuid: a });
    expect(parseFileName('short.jsonl')).toEqual({ kind: 'jsonl', stem: 'short' });
    expect(parseFileName('agent-.jsonl')).toEqual({ kind: 'jsonl', stem: 'agent-' });
    expect(parseFileName('agent-x.meta.json')).toEqual({ kind: 'other' });
  });
  it('collects only jsonl files and orphaned copies', () => {
    expect(isCollectedName('x.jsonl')).toBe(true);
    expect(isCollectedName('x.jsonl.orphaned-12')).toBe(true);
    expect(isCollectedName('x.json')).toBe(false);
    expect(isCollectedName('x.jsonl.bak')).toBe(false);
  });
});
