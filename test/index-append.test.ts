// Appends applied to the stored rows equal a fresh build: for real session files cut at many places, and for
// the cases issue 17 names (a result that closes a call opened before the offset, usage split across two
// appends, a rewind and a compaction after the offset, a partial last line, a new subagent file), the index
// after the append holds the same rows and the same report models as an index built from the whole files.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptKey } from '../src/agents/claude-code/link-subagents.js';
import { indexFileName } from '../src/cache/cache-location.js';
import { recordMakers } from './helpers/claude-records.js';
import { indexAnswers, indexContents, later, lineStarts, writable } from './index-compare.js';
import { copyCorpus, refreshed, tempDir } from './index-helpers.js';

let logs: string;
let cache: string;
let fresh: string;

beforeEach(() => {
  logs = tempDir('append-logs');
  cache = tempDir('append-cache');
  fresh = tempDir('append-fresh');
});
afterEach(() => {
  for (const dir of [logs, cache, fresh]) rmSync(dir, { recursive: true, force: true });
});

/** Of the appends of the last `appendInSteps`, those that read the session from its last prompt on. */
let fromLastPrompt = 0;

/**
 * Writes the first `cut` bytes of `file` (whose whole content is `whole`), refreshes the index, appends
 * the rest in `steps` pieces (refreshing after each), and compares with an index built from the whole file.
 * Returns how many units the refreshes appended to.
 */
async function appendInSteps(file: string, whole: Buffer, cuts: readonly number[]): Promise<number> {
  writeFileSync(file, whole.subarray(0, cuts[0]));
  await refreshed(cache, logs);
  let appended = 0;
  fromLastPrompt = 0;
  for (const [i, cut] of [...cuts, whole.length].entries()) {
    if (i === 0) continue;
    appendFileSync(file, whole.subarray(cuts[i - 1], cut));
    later(file);
    const { stats } = await refreshed(cache, logs);
    appended += stats.unitsAppended;
    fromLastPrompt += stats.unitsAppendedFromLastPrompt;
  }
  rmSync(fresh, { recursive: true, force: true });
  await refreshed(fresh, logs);
  expect(indexContents(cache)).toEqual(indexContents(fresh));
  expect(await indexAnswers(cache, logs)).toStrictEqual(await indexAnswers(fresh, logs));
  return appended;
}

describe('appends applied to the stored rows', () => {
  const corpusCases: [string, string][] = [
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample',
      '0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl',
    ],
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-danieldemmel-me-next',
      '9e953218-585f-4692-89df-9e0747a31c68.jsonl',
    ],
    [
      'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures',
      'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093.jsonl',
    ],
    ['iansherr__claude-code-log/test/test_data/nested_agents', '33330000-0000-4000-8000-000000000001.jsonl'],
  ];
  it.each(corpusCases)('equal a fresh build, appended line by line groups: %s/%s', async (dir, name) => {
    copyCorpus(logs, [dir]);
    writable(logs);
    const file = path.join(logs, dir, name);
    const whole = readFileSync(file);
    const appended = await appendInSteps(file, whole, lineStarts(whole, 6));
    expect(appended).toBeGreaterThan(0);
    // Most appends read the session from its last prompt on (the first ones may come before any prompt).
    expect(fromLastPrompt).toBeGreaterThan(0);
  });
});

/** A Claude Code session written record by record, as a running agent writes it (2.1.x shape). */
function craftedSession(sessionId: string): string[] {
  const { base, usage, prompt, assistant, result } = recordMakers(sessionId);
  const records = [
    prompt('u1', null, 'List the files'),
    assistant('a1', 'u1', '1', [{ type: 'thinking', thinking: 'look first', signature: 'x' }], usage(10, 5)),
    assistant('a2', 'a1', '1', [{ type: 'text', text: 'Let me look.' }], usage(10, 12)),
    assistant(
      'a3',
      'a2',
      '1',
      [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }],
      usage(10, 20),
    ),
    result('r1', 'a3', 'toolu_1', 'a.txt\nb.txt'),
    assistant('a4', 'r1', '2', [{ type: 'text', text: 'Two files.' }], usage(30, 4)),
    prompt('u2', 'a4', 'Delete them'),
    assistant(
      'a5',
      'u2',
      '3',
      [{ type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'rm a.txt b.txt' } }],
      usage(40, 9),
    ),
    result('r2', 'a5', 'toolu_2', 'Exit code 1\nrm: a.txt: Permission denied', true),
    // A rewind: the user goes back to the answer before "Delete them" and asks something else.
    prompt('u3', 'a4', 'Show them instead'),
    assistant(
      'a6',
      'u3',
      '4',
      [{ type: 'tool_use', id: 'toolu_3', name: 'Read', input: { file_path: '/work/demo/a.txt' } }],
      usage(50, 8),
    ),
    result('r3', 'a6', 'toolu_3', 'hello'),
    // A compaction: a boundary without a parent, linked to the last record, then the summary.
    {
      ...base('c1', null),
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      logicalParentUuid: 'r3',
      compactMetadata: { trigger: 'auto', preTokens: 120000 },
    },
    {
      ...prompt('s1', 'c1', 'This session is being continued from a previous conversation.'),
      isCompactSummary: true,
    },
    assistant(
      'a7',
      's1',
      '5',
      [
        {
          type: 'tool_use',
          id: 'toolu_4',
          name: 'Task',
          input: { description: 'check', prompt: 'Check the files', subagent_type: 'general-purpose' },
        },
      ],
      usage(60, 30),
    ),
    result('r4', 'a7', 'toolu_4', 'All good.'),
    assistant('a8', 'r4', '6', [{ type: 'text', text: 'Done.' }], usage(70, 3)),
    { type: 'custom-title', customTitle: 'File chores', sessionId },
  ];
  return records.map((r) => `${JSON.stringify(r)}\n`);
}

describe('appends to subagent files', () => {
  const cases: [string, string][] = [
    [
      'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures',
      'b3a7bd3c-5a10-4e7b-8ff0-7fc0cd6d1093/subagents/agent-a775a67.jsonl',
    ],
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees',
      'ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-aef063ba534d73153.jsonl',
    ],
    [
      'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p',
      '29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl',
    ],
  ];
  it.each(cases)('equal a fresh build, a running subagent appended in steps: %s/%s', async (dir, name) => {
    copyCorpus(logs, [dir]);
    writable(logs);
    const file = path.join(logs, dir, name);
    const whole = readFileSync(file);
    const appended = await appendInSteps(file, whole, lineStarts(whole, 6));
    expect(appended).toBeGreaterThan(0);
  });
});

describe('appends that change what is stored', () => {
  const sessionId = '5e55a0b1-0000-4000-8000-00000000c0de';
  const projectDir = () => path.join(logs, '.claude', 'projects', '-work-demo');

  it('equal a fresh build when each record comes in an append of its own', async () => {
    mkdirSync(projectDir(), { recursive: true });
    const file = path.join(projectDir(), `${sessionId}.jsonl`);
    const whole = Buffer.from(craftedSession(sessionId).join(''));
    const starts = lineStarts(whole, 1000);
    // Every record after the first in an append of its own: results closing calls stored before, usage
    // of one API message split over three appends, a rewind, a compaction, a title.
    const appended = await appendInSteps(file, whole, starts);
    expect(appended).toBe(starts.length);
  });

  it('equal a fresh build when appends end in the middle of a line', async () => {
    mkdirSync(projectDir(), { recursive: true });
    const file = path.join(projectDir(), `${sessionId}.jsonl`);
    const whole = Buffer.from(craftedSession(sessionId).join(''));
    const cuts = lineStarts(whole, 1000).map((start) => start + 17);
    const appended = await appendInSteps(file, whole, cuts);
    // A read that ends in an unterminated line keeps the state after it, and the next read, which takes that
    // line again from its start, settles it (settle-tail.ts): every refresh after the first appends.
    expect(appended).toBe(cuts.length);
  });

  it('take a subagent file that appears, linked by its prompt, equal to a fresh build', async () => {
    mkdirSync(projectDir(), { recursive: true });
    const file = path.join(projectDir(), `${sessionId}.jsonl`);
    writeFileSync(file, craftedSession(sessionId).join(''));
    await refreshed(cache, logs);
    const sub = path.join(projectDir(), sessionId, 'subagents', 'agent-a1b2c3.jsonl');
    mkdirSync(path.dirname(sub), { recursive: true });
    writeFileSync(
      sub,
      `${JSON.stringify({ parentUuid: null, isSidechain: true, sessionId, agentId: 'a1b2c3', uuid: 'sa1', timestamp: '2026-11-20T10:00:30.000Z', type: 'user', message: { role: 'user', content: 'Check the files' } })}\n`,
    );
    const result = await refreshed(cache, logs);
    expect(result.stats).toMatchObject({ added: 1, unitsBuilt: 0, unitsAppended: 1 });
    await refreshed(fresh, logs);
    expect(indexContents(cache)).toEqual(indexContents(fresh));
    expect(indexContents(cache).sessions.map((s) => s.parent_tool_call_id)).toContain('toolu_4');
  });
});

describe('what a resume state keeps of a long session', () => {
  const sessionId = '5e55a0b1-0000-4000-8000-0000000007b2';
  const { usage, prompt, assistant } = recordMakers(sessionId);
  const file = () => path.join(logs, '.claude', 'projects', '-work-demo', `${sessionId}.jsonl`);
  /** A prompt and 300 responses, each its own API message (more than a resume state keeps targets of). */
  const responses = () => {
    const records: object[] = [prompt('u0', null, 'Go on for a while')];
    for (let i = 1; i <= 300; i++)
      records.push(
        assistant(
          `a${i}`,
          i === 1 ? 'u0' : `a${i - 1}`,
          `m${i}`,
          [{ type: 'text', text: `Step ${i}.` }],
          usage(i, 1),
        ),
      );
    return records;
  };
  const run = async (appended: object[]) => {
    mkdirSync(path.dirname(file()), { recursive: true });
    const stored = responses()
      .map((r) => `${JSON.stringify(r)}\n`)
      .join('');
    return appendInSteps(
      file(),
      Buffer.from(stored + appended.map((r) => `${JSON.stringify(r)}\n`).join('')),
      [Buffer.byteLength(stored)],
    );
  };

  it('a response continued from a recent API message is appended', async () => {
    const appended = await run([
      assistant('a300b', 'a300', 'm300', [{ type: 'text', text: 'More.' }], usage(300, 4)),
    ]);
    expect(appended).toBe(1);
    expect(indexContents(cache).messages.map((m) => m.text)).toContain('Step 300.\nMore.');
  });

  it('a response continued from an API message older than those it keeps is built, equal to a fresh build', async () => {
    const appended = await run([
      assistant('a1b', 'a300', 'm1', [{ type: 'text', text: 'More.' }], usage(1, 4)),
    ]);
    expect(appended).toBe(0);
    expect(indexContents(cache).messages.map((m) => m.text)).toContain('Step 1.\nMore.');
  });

  it('keeps the prompts that link subagents to Task calls as keys, not as their text', async () => {
    const dir = path.join(logs, '.claude', 'projects', '-work-demo');
    mkdirSync(dir, { recursive: true });
    const long = `Look for every use of the old API and list them. ${'Be thorough. '.repeat(40)}`;
    const task = assistant(
      'a1',
      'u0',
      't1',
      [{ type: 'tool_use', id: 'toolu_task', name: 'Task', input: { description: 'look', prompt: long } }],
      usage(5, 5),
    );
    writeFileSync(file(), [prompt('u0', null, 'Start'), task].map((r) => `${JSON.stringify(r)}\n`).join(''));
    const sub = path.join(dir, sessionId, 'subagents', 'agent-f00d.jsonl');
    mkdirSync(path.dirname(sub), { recursive: true });
    writeFileSync(
      sub,
      `${JSON.stringify({ ...prompt('s1', null, long), isSidechain: true, agentId: 'f00d' })}\n`,
    );
    await refreshed(cache, logs);
    // Linked by the prompt (no .meta.json, no result yet).
    expect(indexContents(cache).sessions.map((s) => s.parent_tool_call_id)).toContain('toolu_task');
    const db = new Database(path.join(cache, indexFileName), { readonly: true });
    const state = db.prepare('SELECT state FROM files WHERE path = ?').get(file()) as { state: Buffer };
    db.close();
    const resume = JSON.parse(inflateRawSync(state.state).toString('utf8'));
    expect(resume.agentCalls).toEqual([['toolu_task', null, null, promptKey(long.trim()), null, 'look']]);
    expect(resume.claims).toEqual([['f00d', null, promptKey(long.trim())]]);
    expect(JSON.stringify(resume)).not.toContain('Be thorough');
  });
});

describe('appends that read a session from its last prompt on', () => {
  const sessionId = '5e55a0b1-0000-4000-8000-0000000007a1';
  const { base, usage, prompt, assistant, result } = recordMakers(sessionId);
  const bash = (id: string, command: string) => [{ type: 'tool_use', id, name: 'Bash', input: { command } }];
  /** Three turns: a call and its result, a call the user interrupted, an answer. */
  const turns = () => [
    prompt('u1', null, 'List the files'),
    assistant('a1', 'u1', '1', bash('toolu_1', 'ls'), usage(10, 5)),
    result('r1', 'a1', 'toolu_1', 'a.txt'),
    assistant('a2', 'r1', '2', [{ type: 'text', text: 'One file.' }], usage(20, 4)),
    prompt('u2', 'a2', 'Count the lines'),
    assistant('a3', 'u2', '3', bash('toolu_2', 'wc -l a.txt'), usage(30, 6)),
    { ...prompt('i1', 'a3', '[Request interrupted by user for tool use]') },
    prompt('u3', 'i1', 'Never mind, say hello'),
    assistant('a4', 'u3', '4', [{ type: 'text', text: 'Hello.' }], usage(40, 2)),
  ];
  const file = () => path.join(logs, '.claude', 'projects', '-work-demo', `${sessionId}.jsonl`);
  const run = async (stored: object[], appended: object[]) => {
    mkdirSync(path.dirname(file()), { recursive: true });
    const lines = [...stored, ...appended].map((r) => `${JSON.stringify(r)}\n`);
    // The stored part, then each new record in an append of its own.
    const cuts = appended.map((_, i) => Buffer.byteLength(lines.slice(0, stored.length + i).join('')));
    return appendInSteps(file(), Buffer.from(lines.join('')), cuts);
  };

  it('equal a fresh build, a call of an earlier turn left interrupted as it was', async () => {
    const appended = await run(turns(), [
      prompt('u4', 'a4', 'Show the file'),
      assistant('a5', 'u4', '5', bash('toolu_3', 'cat a.txt'), usage(50, 7)),
      result('r3', 'a5', 'toolu_3', 'hello'),
      assistant('a6', 'r3', '6', [{ type: 'text', text: 'It says hello.' }], usage(60, 5)),
    ]);
    expect(appended).toBe(4);
    expect(fromLastPrompt).toBe(4);
    expect(indexContents(cache).toolCalls.map((c) => c.status)).toEqual(['ok', 'interrupted', 'ok']);
  });

  it('equal a fresh build when a call of an earlier turn gets its result, or its id comes again', async () => {
    const stored = [
      ...turns(),
      prompt('u4', 'a4', 'Start the build'),
      assistant('a5', 'u4', '5', bash('toolu_4', 'make'), usage(50, 7)),
      prompt('u5', 'a5', 'While it runs: hello?'),
      assistant('a6', 'u5', '6', [{ type: 'text', text: 'Hello.' }], usage(60, 2)),
    ];
    const appended = await run(stored, [
      // The build started two prompts ago ends; then a response names the interrupted call's id again.
      result('r4', 'a6', 'toolu_4', 'built'),
      assistant('a7', 'r4', '7', bash('toolu_2', 'wc -l a.txt'), usage(70, 4)),
    ]);
    expect(appended).toBe(2);
    // The call's id coming again needs the turns before the last prompt: that append reads the session whole.
    expect(fromLastPrompt).toBe(1);
    expect(indexContents(cache).toolCalls.map((c) => c.status)).toEqual(['ok', 'interrupted', 'ok']);
  });

  it('equal a fresh build when new records lack a uuid or share one, after stored problems of both kinds', async () => {
    // A build says first what deduplication found (in file order), then the rest: the new records' problems
    // go between the stored ones.
    const { uuid: _, ...noUuid } = prompt('x', 'a4', 'A prompt written without its uuid') as Record<
      string,
      unknown
    >;
    const stored = [
      ...turns(),
      { ...noUuid, timestamp: '2026-03-01T10:00:00.000Z' },
      result('r9', 'a4', 'toolu_1', 'a second result'),
    ];
    const { uuid: __, ...noUuid2 } = prompt('y', 'a4', 'Another prompt without its uuid') as Record<
      string,
      unknown
    >;
    const appended = [
      prompt('u4', 'r9', 'Show the file'),
      { ...noUuid2, timestamp: '2026-03-01T11:00:00.000Z' },
      assistant('a5', 'u4', '5', [{ type: 'text', text: 'Here.' }], usage(50, 7)),
      // Another record under the uuid of the response just written (a broken writer).
      prompt('a5', 'a5', 'Not the response'),
    ];
    mkdirSync(path.dirname(file()), { recursive: true });
    const text = [...stored, ...appended].map((r) => `${JSON.stringify(r)}\n`);
    const cut = Buffer.byteLength(text.slice(0, stored.length).join(''));
    expect(await appendInSteps(file(), Buffer.from(text.join('')), [cut])).toBe(1);
    const problems = indexContents(cache).models.flatMap((m) => m.model.problems.map((p) => p.type));
    expect(problems).toEqual(['missing-uuid', 'missing-uuid', 'duplicate-uuid', 'duplicate-result']);
  });

  it('equal a fresh build when new calls follow a stored result without its call', async () => {
    // A build writes a session's calls, then its results without a call: the stored one moves after the
    // new call (the corpus read in slices found it, src/cache/index-in-slices.test.ts).
    const appended = await run(
      [...turns(), result('r0', 'a4', 'toolu_gone', 'output of a call not in this file')],
      [
        prompt('u4', 'r0', 'Show the file'),
        assistant('a5', 'u4', '5', bash('toolu_3', 'cat a.txt'), usage(50, 7)),
        result('r5', 'a5', 'toolu_4', 'another result without its call'),
      ],
    );
    expect(appended).toBe(3);
    expect(indexContents(cache).toolCalls.map((c) => [c.id, c.status])).toEqual([
      ['toolu_1', 'ok'],
      ['toolu_2', 'interrupted'],
      ['toolu_3', 'missing'],
      ['toolu_gone', 'orphan_result'],
      ['toolu_4', 'orphan_result'],
    ]);
  });

  it('equal a fresh build when a call of an earlier turn gets a second result', async () => {
    // The fold says so where a build does; the append used to drop the problem from its rows (its list of
    // the conversation's problems was measured after the fold had added to it).
    const appended = await run(turns(), [
      prompt('u4', 'a4', 'List them again'),
      result('r5', 'u4', 'toolu_1', 'a.txt, 12 bytes'),
    ]);
    expect(appended).toBe(2);
    expect(fromLastPrompt).toBe(2);
    expect(indexContents(cache).problems.map((p) => [p.type, p.line])).toEqual([['duplicate-result', 11]]);
  });

  it('equal a fresh build when a call of an earlier turn that has its result gets its id again', async () => {
    // Copies of a session glued into one file (the benchmark's) name calls of earlier copies again: a build
    // keeps the first call, so the append from the last prompt keeps it too.
    const appended = await run(turns(), [
      prompt('u4', 'a4', 'List them again'),
      assistant('a5', 'u4', '5', bash('toolu_1', 'ls -l'), usage(50, 7)),
      result('r5', 'a5', 'toolu_1', 'a.txt, 12 bytes'),
    ]);
    expect(appended).toBe(3);
    expect(fromLastPrompt).toBe(3);
    const calls = indexContents(cache).toolCalls;
    expect(calls.map((c) => [c.id, c.status])).toEqual([
      ['toolu_1', 'ok'],
      ['toolu_2', 'interrupted'],
    ]);
    expect(indexContents(cache).problems.map((p) => p.type)).toEqual(['duplicate-result']);
  });

  it('equal a fresh build when new records continue a response from before the last prompt', async () => {
    const stored = turns();
    // More of the answer "One file." (the same API message), written after the later prompts.
    const appended = await run(stored, [
      assistant('a2b', 'a4', '2', [{ type: 'text', text: 'It is small.' }], usage(20, 9)),
    ]);
    expect(appended).toBe(1);
    expect(fromLastPrompt).toBe(1);
    const texts = indexContents(cache).messages.map((m) => m.text);
    expect(texts).toContain('One file.\nIt is small.');
  });

  it('equal a fresh build when a summary names a message before the last prompt', async () => {
    // A summary whose message is not in the file comes first: it is the title until one that ends at a
    // message of the session comes.
    const stored = [{ type: 'summary', summary: 'Another session', leafUuid: 'gone' }, ...turns()];
    const appended = await run(stored, [
      { type: 'summary', summary: 'Files and greetings', leafUuid: 'a2' },
      prompt('u4', 'a4', 'Thanks'),
    ]);
    expect(appended).toBe(2);
    expect(fromLastPrompt).toBe(2);
    expect(indexContents(cache).sessions[0]?.title).toBe('Files and greetings');
  });

  it('equal a fresh build when a rewind moves messages before the last prompt off the branch', async () => {
    const appended = await run(turns(), [
      // Back to the answer before "Count the lines": the messages after it leave the branch.
      prompt('u4', 'a2', 'Show the file instead'),
      assistant('a5', 'u4', '5', [{ type: 'text', text: 'It says hello.' }], usage(50, 3)),
    ]);
    // The session is read whole for it (the turns before the last prompt change).
    expect(appended).toBe(2);
    expect(fromLastPrompt).toBe(1);
    expect(indexContents(cache).messages.filter((m) => m.off_branch === 1).length).toBeGreaterThan(0);
  });

  it('equal a fresh build when a compaction and a boundary without a parent follow', async () => {
    const appended = await run(turns(), [
      {
        ...base('c1', null),
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        logicalParentUuid: 'a4',
        compactMetadata: { trigger: 'auto', preTokens: 120000 },
      },
      { ...prompt('s1', 'c1', 'This session is being continued.'), isCompactSummary: true },
      assistant('a5', 's1', '5', [{ type: 'text', text: 'Continuing.' }], usage(50, 3)),
    ]);
    expect(appended).toBe(3);
    expect(fromLastPrompt).toBe(3);
  });
});
