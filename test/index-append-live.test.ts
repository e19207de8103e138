// A running Claude Code session replayed: the lines of a session file and of its subagent files are written
// in the order of their timestamps, as the agent writes them (a subagent file and its `.meta.json` appear
// when the subagent starts; `agent_progress` records stream its responses into the session file; the Task
// call's result names it), and the index is refreshed after each step. Every step must leave the index equal
// to one built from the files as they are then, and the steps a running session makes must be appends: a
// report while a subagent runs must not build the whole session again.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { query, runSteps, type Step } from './append-scenario.js';
import { tempDir } from './index-helpers.js';

/** One line of one file of the unit, with the time it was written at. */
interface Written {
  file: string;
  line: string;
  time: number;
}

/**
 * The lines of `files` (paths relative to `source`) merged in time order: each file's lines stay in their
 * order; a line without a timestamp takes its file's previous one; ties keep the files' order.
 */
function writeOrder(source: string, files: readonly string[]): Written[] {
  const queues = files.map((file) => {
    let time = Number.NEGATIVE_INFINITY;
    return readFileSync(path.join(source, file), 'utf8')
      .split(/(?<=\n)/)
      .filter((line) => line.trim() !== '')
      .map((line): Written => {
        try {
          const stamp = Date.parse((JSON.parse(line) as { timestamp?: string }).timestamp ?? '');
          if (!Number.isNaN(stamp)) time = stamp;
        } catch {}
        return { file, line: line.endsWith('\n') ? line : `${line}\n`, time };
      });
  });
  const merged: Written[] = [];
  for (;;) {
    let next: Written[] | undefined;
    for (const queue of queues)
      if (queue.length > 0 && (next === undefined || (queue[0] as Written).time < (next[0] as Written).time))
        next = queue;
    if (!next) return merged;
    merged.push(next.shift() as Written);
  }
}

/**
 * Writes the unit's lines in `steps` steps of time order (a subagent file's `.meta.json` comes with the file's
 * first line), refreshing after each and comparing each refresh with a fresh build (`runSteps`). Returns how
 * many refreshes after the first appended to the unit and how many built it, and the index.
 */
async function replay(source: string, files: readonly string[], steps: number) {
  const order = writeOrder(source, files);
  const size = Math.max(1, Math.ceil(order.length / steps));
  const plan: Step[] = [];
  const started = new Set<string>();
  for (let start = 0; start < order.length; start += size) {
    const step: Step = {};
    for (const { file, line } of order.slice(start, start + size)) {
      const meta = file.replace(/\.jsonl$/, '.meta.json');
      if (!started.has(file) && existsSync(path.join(source, meta)))
        step[meta] = JSON.parse(readFileSync(path.join(source, meta), 'utf8')) as object;
      started.add(file);
      step[file] = [...((step[file] as string[] | undefined) ?? []), line.slice(0, -1)];
    }
    plan.push(step);
  }
  const { log, cache } = await runSteps(plan);
  const later = log.slice(1);
  return {
    fromLastPrompt: later.reduce((n, s) => n + s.fromLastPrompt, 0),
    appended: later.reduce((n, s) => n + s.appended, 0),
    built: later.reduce((n, s) => n + s.built, 0),
    cache,
  };
}

const fixture = path.resolve('test/fixtures/claude-code/agent-progress');
const sessionId = '7c4e2b90-1f3a-4d6b-8e5c-2a9d0f1b3c47';
const subagent = `${sessionId}/subagents/agent-a3f9c21.jsonl`;

describe('a running session with a subagent (2.1.x: meta.json, agent_progress, the result names it)', () => {
  it('is appended to at every line, equal to a fresh build', async () => {
    const counts = await replay(fixture, [`${sessionId}.jsonl`, subagent], 1000);
    expect(counts.built).toBe(0);
    expect(counts.appended).toBeGreaterThan(10);
    // Each step is appended from the session's last prompt on: the subagent's file that appears, grows and
    // gets streamed usage included (only the 10 steps that grew stored files were, and of those only the
    // session file's, before).
    expect(counts.fromLastPrompt).toBe(counts.appended);
    // What the logs say, counted without agentlog: every API request once (message id and request id,
    // whether from an assistant record or streamed in an agent_progress record), and the subagent linked to
    // the call its .meta.json names.
    const requests = new Set<string>();
    for (const file of [`${sessionId}.jsonl`, subagent])
      for (const line of readFileSync(path.join(fixture, file), 'utf8').split('\n').filter(Boolean)) {
        const record = JSON.parse(line);
        const inner = record.data?.type === 'agent_progress' ? record.data.message : record;
        if (inner?.type === 'assistant') requests.add(`${inner.message.id}|${inner.requestId}`);
      }
    const keys = (
      query(counts.cache, 'SELECT request_key FROM usage_entries') as { request_key: string }[]
    ).map((row) => row.request_key);
    expect(new Set(keys)).toEqual(requests);
    expect(keys).toHaveLength(requests.size);
    expect(
      query(counts.cache, 'SELECT agent_id, parent_tool_call_id FROM sessions WHERE is_subagent = 1'),
    ).toEqual([{ agent_id: 'a3f9c21', parent_tool_call_id: 'toolu_task1' }]);
  });

  // A compaction's subagent file (2.1.x) is linked to no call: it stays after the linked subagents, so the
  // subagent that appears later is placed before it and its rows are written again after the new one's.
  it.each([['agent-acompact-5e1f.jsonl'], ['agent-zcompact-5e1f.jsonl']])(
    'places a new subagent before an unlinked one (%s), equal to a fresh build',
    async (name) => {
      const source = tempDir('live-source');
      try {
        cpSync(fixture, source, { recursive: true });
        const compaction = `${sessionId}/subagents/${name}`;
        const agentId = name.replace(/^agent-|\.jsonl$/g, '');
        const records = [
          { type: 'user', uuid: 'c-u1', parentUuid: null, message: { role: 'user', content: 'Summarize' } },
          {
            type: 'assistant',
            uuid: 'c-a1',
            parentUuid: 'c-u1',
            requestId: 'req_compact',
            message: {
              id: 'msg_compact',
              role: 'assistant',
              model: 'claude-opus-4-5-20251101',
              content: [{ type: 'text', text: 'Summary.' }],
              usage: { input_tokens: 100, output_tokens: 20 },
            },
          },
        ].map((r, i) => ({
          ...r,
          isSidechain: true,
          sessionId,
          agentId,
          version: '2.1.30',
          cwd: '/home/me/app',
          timestamp: `2026-02-01T10:00:0${i}.500Z`,
        }));
        writeFileSync(path.join(source, compaction), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
        const counts = await replay(source, [`${sessionId}.jsonl`, subagent, compaction], 1000);
        expect(counts.built).toBe(0);
        // The unlinked subagent's rows move after the new one's without being decoded.
        expect(counts.fromLastPrompt).toBe(counts.appended);
      } finally {
        rmSync(source, { recursive: true, force: true });
      }
    },
  );
});

/**
 * The fixture with a second subagent run beside the first (two Task calls in a row, both subagents streaming
 * at once, each result naming its subagent), written into `source`.
 */
function twoSubagents(source: string): string[] {
  const read = (file: string) => readFileSync(path.join(fixture, file), 'utf8').split('\n').filter(Boolean);
  const shift = (line: string, ms: number) =>
    line.replace(
      /"timestamp":"([^"]+)"/g,
      (_, t: string) => `"timestamp":"${new Date(Date.parse(t) + ms).toISOString()}"`,
    );
  const second = (line: string) =>
    shift(
      line
        .replaceAll('a3f9c21', 'b7e0d12')
        .replaceAll('toolu_task1', 'toolu_task2')
        .replaceAll('msg_sub', 'msg_tub')
        .replaceAll('req_sub', 'req_tub')
        .replaceAll('toolu_s', 'toolu_t')
        .replaceAll('"s-', '"t-')
        .replaceAll('Find where the config is loaded', 'Find where the tests are run'),
      700,
    );
  const main = read(`${sessionId}.jsonl`);
  const [prompt, task, ...rest] = main;
  const progress = rest.slice(0, 4);
  const [result, answer] = rest.slice(4);
  const taskTwo = second(task as string)
    .replace('"uuid":"m-a1"', '"uuid":"m-b1"')
    .replace('"parentUuid":"m-u1"', '"parentUuid":"m-a1"')
    .replaceAll('msg_main1', 'msg_main1b')
    .replaceAll('req_main1', 'req_main1b');
  const lines = [
    prompt,
    task,
    taskTwo,
    ...progress,
    ...progress.map((l) =>
      second(l)
        .replace(/"uuid":"m-p/, '"uuid":"m-q')
        .replace('"parentUuid":"m-a1"', '"parentUuid":"m-b1"'),
    ),
    (result as string).replace('"parentUuid":"m-a1"', '"parentUuid":"m-b1"'),
    second(result as string)
      .replace('"uuid":"m-u2"', '"uuid":"m-u2b"')
      .replace('"parentUuid":"m-a1"', '"parentUuid":"m-u2"'),
    (answer as string).replace('"parentUuid":"m-u2"', '"parentUuid":"m-u2b"'),
  ] as string[];
  mkdirSync(path.join(source, sessionId, 'subagents'), { recursive: true });
  writeFileSync(path.join(source, `${sessionId}.jsonl`), `${lines.join('\n')}\n`);
  const subagents = `${sessionId}/subagents`;
  copyFileSync(path.join(fixture, subagent), path.join(source, subagent));
  copyFileSync(
    path.join(fixture, subagents, 'agent-a3f9c21.meta.json'),
    path.join(source, subagents, 'agent-a3f9c21.meta.json'),
  );
  writeFileSync(
    path.join(source, subagents, 'agent-b7e0d12.jsonl'),
    `${read(subagent).map(second).join('\n')}\n`,
  );
  writeFileSync(
    path.join(source, subagents, 'agent-b7e0d12.meta.json'),
    JSON.stringify({ agentType: 'Explore', toolUseId: 'toolu_task2' }),
  );
  return [`${sessionId}.jsonl`, subagent, `${subagents}/agent-b7e0d12.jsonl`];
}

describe('a running session with two subagents at once', () => {
  it.each([[1000], [6], [3]])('is appended to in %i steps, equal to a fresh build', async (steps) => {
    const source = tempDir('live-source');
    try {
      const counts = await replay(source, twoSubagents(source), steps);
      expect(counts.built).toBe(0);
      expect(counts.fromLastPrompt).toBe(counts.appended);
      expect(
        query(
          counts.cache,
          'SELECT agent_id, parent_tool_call_id FROM sessions WHERE is_subagent = 1 ORDER BY agent_id',
        ),
      ).toEqual([
        { agent_id: 'a3f9c21', parent_tool_call_id: 'toolu_task1' },
        { agent_id: 'b7e0d12', parent_tool_call_id: 'toolu_task2' },
      ]);
    } finally {
      rmSync(source, { recursive: true, force: true });
    }
  });
});

describe('real sessions with subagent files, replayed line by line', () => {
  const corpus = path.resolve('test/data/corpus');
  const units: [string, string[]][] = [
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees',
      [
        'ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
        'ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-aef063ba534d73153.jsonl',
      ],
    ],
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p',
      [
        '29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
        '29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl',
      ],
    ],
    [
      'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures',
      [
        'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093.jsonl',
        'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093/subagents/agent-aa9d784.jsonl',
        'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093/subagents/agent-a775a67.jsonl',
      ],
    ],
    [
      'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/subagent',
      [
        '0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f.jsonl',
        '0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f/subagents/agent-a0ad4f44468bdf20d.jsonl',
      ],
    ],
  ];
  it.each(units)('equal a fresh build at every step: %s', async (dir, files) => {
    const counts = await replay(path.join(corpus, dir), files, 40);
    // Most steps are appended from the session's last prompt on (a stored subagent linked again needs the tree
    // whole): 30 of 32, 31 of 34, 38 of 39 and 5 of 6 (1, 9, 34 and 1 when only the session file's were).
    expect(counts.fromLastPrompt).toBeGreaterThanOrEqual(Math.floor(counts.appended * 0.85));
    expect(counts.built).toBe(0);
    expect(counts.appended).toBeGreaterThan(0);
  });
});
