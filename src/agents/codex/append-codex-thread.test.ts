import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/temp-dir.js';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import { readRecordSlice } from '../../lifecycle/read-record-slice.js';
import type { Session } from '../../model/session.js';
import { discoverPaths } from '../../sources/index.js';
import { appendCodexThread } from './append-codex-thread.js';
import { CodexNotAppendable } from './codex-fold.js';
import { codexResumeOf } from './codex-resume.js';

const threadId = (n: number) => `019ab002-0000-7000-8000-${String(n).padStart(12, '0')}`;
const line = (type: string, payload: object) =>
  JSON.stringify({ timestamp: '2026-11-20T10:00:00.000Z', type, payload });

/** Rollouts, one per [thread, parent thread], each with a prompt. */
function writeRollouts(threads: [number, number | undefined][]): Map<number, string> {
  const day = path.join(tempDir('codex-thread-append'), 'sessions', '2026', '11', '20');
  mkdirSync(day, { recursive: true });
  const files = new Map<number, string>();
  for (const [me, parent] of threads) {
    const source =
      parent === undefined ? 'cli' : { subagent: { thread_spawn: { parent_thread_id: threadId(parent) } } };
    const file = path.join(day, `rollout-2026-11-20T10-00-00-${threadId(me)}.jsonl`);
    writeFileSync(
      file,
      `${[
        line('session_meta', { id: threadId(me), cwd: '/work/app', cli_version: '0.130.0', source }),
        line('response_item', {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: `Task ${me}` }],
        }),
      ].join('\n')}\n`,
    );
    files.set(me, file);
  }
  return files;
}

/** The trees the rollouts build, and a read of `more` appended to one rollout. */
async function grow(files: Map<number, string>, thread: number, more: string) {
  const file = files.get(thread) as string;
  const roots = await loadSessions((await discoverPaths([path.dirname(file)])).files);
  const before = await readRecordSlice(file);
  appendFileSync(file, more);
  const part = (await readRecordSlice(file, { start: before.end })).body;
  const all: Session[] = [];
  for (let pending = [...roots], next = pending.pop(); next; next = pending.pop()) {
    all.push(next);
    pending.push(...next.subagents.map((s) => s.session));
  }
  const session = all.find((s) => s.files[0] === file) as Session;
  return { roots, session, read: { path: file, resume: codexResumeOf(session), part } };
}

describe('appendCodexThread', () => {
  it('refuses a thread linking gave a problem: a build puts it after every problem of the rollout', async () => {
    // Thread 33 would nest deeper than the limit: it heads a tree of its own, with a problem from linking.
    const chain: [number, number | undefined][] = [[0, undefined]];
    for (let i = 1; i < 35; i++) chain.push([i, i - 1]);
    const { session, read } = await grow(writeRollouts(chain), 33, 'not json\n');
    expect(session.problems.map((p) => p.type)).toEqual(['subagent-too-deep']);
    expect(read.resume).toBeDefined();
    const resume = read.resume as NonNullable<typeof read.resume>;
    expect(() => appendCodexThread(session, [{ ...read, resume }])).toThrow(CodexNotAppendable);
  });

  it('refuses a rollout that is not a session of the family it is given', async () => {
    const files = writeRollouts([
      [1, undefined],
      [2, undefined],
    ]);
    const { roots, session, read } = await grow(
      files,
      2,
      `${line('event_msg', { type: 'agent_reasoning' })}\n`,
    );
    const other = roots.find((r) => r !== session) as Session;
    const resume = read.resume as NonNullable<typeof read.resume>;
    expect(() => appendCodexThread(other, [{ ...read, resume }])).toThrow(CodexNotAppendable);
    expect(appendCodexThread(session, [{ ...read, resume }]).changes).toHaveLength(1);
  });
});
