import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import { MAX_SUBAGENT_DEPTH } from '../../model/max-subagent-depth.js';
import type { Session } from '../../model/session.js';
import { discoverPaths } from '../../sources/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const threadId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Codex rollouts, one per [thread, parent thread], each with one shell call. */
function writeRollouts(threads: [number, number | undefined][]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-threads-'));
  dirs.push(dir);
  const day = path.join(dir, 'sessions', '2026', '01', '02');
  mkdirSync(day, { recursive: true });
  for (const [me, parent] of threads) {
    const source =
      parent === undefined
        ? {}
        : { source: { subagent: { thread_spawn: { parent_thread_id: threadId(parent) } } } };
    const lines = [
      {
        timestamp: '2026-01-02T00:00:00Z',
        type: 'session_meta',
        payload: { id: threadId(me), cwd: '/tmp', cli_version: '0.46.0', ...source },
      },
      {
        timestamp: '2026-01-02T00:00:01Z',
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'shell',
          arguments: '{"command":["ls"]}',
          call_id: `call-${me}`,
        },
      },
    ];
    writeFileSync(
      path.join(day, `rollout-2026-01-02T00-00-00-${threadId(me)}.jsonl`),
      `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
    );
  }
  return dir;
}

async function load(dir: string): Promise<Session[]> {
  return loadSessions((await discoverPaths([dir])).files);
}

/** Every session of the trees with its nesting level, without recursion. */
function flatten(roots: Session[]): { session: Session; level: number }[] {
  const out: { session: Session; level: number }[] = [];
  const stack = roots.map((session) => ({ session, level: 0 }));
  for (let item = stack.pop(); item; item = stack.pop()) {
    out.push(item);
    for (const sub of item.session.subagents) stack.push({ session: sub.session, level: item.level + 1 });
  }
  return out;
}

describe('Codex sub-agent threads', () => {
  it('a chain of 100 threads nests at most the limit deep, and keeps every thread', async () => {
    const chain: [number, number | undefined][] = [[0, undefined]];
    for (let i = 1; i < 100; i++) chain.push([i, i - 1]);
    const roots = await load(writeRollouts(chain));
    const all = flatten(roots);
    expect(all.map((a) => a.session.id).sort()).toEqual(chain.map(([id]) => threadId(id)).sort());
    expect(Math.max(...all.map((a) => a.level))).toBe(MAX_SUBAGENT_DEPTH);
    // Thread 0 is level 0, threads 1-32 levels 1-32; 33 would be level 33, so it heads a tree of its own,
    // and so on: 0, 33, 66 and 99 head a tree each.
    expect(roots.map((s) => s.id).sort()).toEqual([0, 33, 66, 99].map(threadId));
    const tooDeep = roots.flatMap((s) => s.problems.filter((p) => p.type === 'subagent-too-deep'));
    expect(tooDeep).toHaveLength(3);
    expect(tooDeep.every((p) => p.location.line === 1 && p.location.file.endsWith('.jsonl'))).toBe(true);
  });

  it('threads naming each other, or themselves, as parent stay sessions of their own', async () => {
    const roots = await load(
      writeRollouts([
        [1, 2],
        [2, 1],
        [3, 3],
        [4, 1],
      ]),
    );
    expect(roots.map((s) => s.id).sort()).toEqual([1, 2, 3].map(threadId));
    for (const id of [1, 2]) {
      const session = roots.find((s) => s.id === threadId(id));
      expect(session?.problems.map((p) => p.type)).toEqual(['parent-cycle']);
    }
    // Thread 4 hangs off thread 1, which is not nested: it moves under it.
    expect(roots.find((s) => s.id === threadId(1))?.subagents.map((s) => s.session.id)).toEqual([
      threadId(4),
    ]);
    expect(flatten(roots).map((a) => a.session.toolCalls.length)).toEqual([1, 1, 1, 1]);
  });
});
