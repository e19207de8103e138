import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { addUsage, emptyUsage } from '../src/model/usage.js';
import { discoverPaths } from '../src/sources/index.js';

/**
 * Issue 16, point 2: from 2.1.x a subagent's API responses are also streamed into the parent transcript
 * as `progress` records (`data.type: "agent_progress"`, the response under `data.message`). They count
 * once, under the same (message id, request id) key, per-field maximum, whether the subagent's own file
 * is there or not. The fixture is written from that shape (the corpus has no agent_progress record); the
 * expected totals come from an independent scan (a plain JSON walk over the files: every assistant record
 * and every agent_progress `data.message`, keyed by message id + request id, per-field max, summed):
 * 4 requests, 14 input, 92 output, 14,500 cache write, 38,000 cache read, with or without the subagent file.
 */
const dir = path.resolve(import.meta.dirname, 'fixtures/claude-code/agent-progress');
const mainFile = '7c4e2b90-1f3a-4d6b-8e5c-2a9d0f1b3c47.jsonl';
const expected = {
  requests: 4,
  inputTokens: 14,
  outputTokens: 92,
  cacheWriteTokens: 14_500,
  cacheReadTokens: 38_000,
};

function treeTotals(sessions: readonly Session[]) {
  const usage = emptyUsage();
  let requests = 0;
  const visit = (session: Session) => {
    addUsage(usage, session.usage);
    requests += session.usageEntries.length;
    for (const sub of session.subagents) visit(sub.session);
  };
  for (const session of sessions) visit(session);
  const { inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens } = usage;
  return { requests, inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens };
}

const load = async (root: string) => loadSessions((await discoverPaths([root])).files);

describe('subagent usage streamed as agent_progress records', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'agentlog-progress-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('counts each subagent request once when the subagent file is present (per-field max over both)', async () => {
    const sessions = await load(dir);
    expect(sessions).toHaveLength(1);
    expect(treeTotals(sessions)).toEqual(expected);
    const subagents = sessions[0]?.subagents ?? [];
    expect(subagents.map((s) => [s.agentId, s.toolCallId, s.session.files.length])).toEqual([
      ['a3f9c21', 'toolu_task1', 1],
    ]);
  });

  it('counts the streamed requests when the subagent file is missing (a copy of the main file alone)', async () => {
    copyFileSync(path.join(dir, mainFile), path.join(copy, mainFile));
    const sessions = await load(copy);
    expect(sessions).toHaveLength(1);
    expect(treeTotals(sessions)).toEqual(expected);
    const subagents = sessions[0]?.subagents ?? [];
    expect(subagents.map((s) => [s.agentId, s.toolCallId, s.session.files.length])).toEqual([
      ['a3f9c21', 'toolu_task1', 0],
    ]);
    // Usage by model: the subagent's requests are haiku, the parent's opus.
    expect(subagents[0]?.session.usageByModel['claude-haiku-4-5-20251001']?.outputTokens).toBe(71);
  });
});
