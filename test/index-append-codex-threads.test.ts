// A running Codex thread family replayed: a parent rollout spawns two sub-agents (`spawn_agent`), whose
// rollouts name it as their parent thread (`session_meta.source.subagent.thread_spawn`), and waits for them
// while they work. The lines are written in time order, as Codex writes them, and the index is refreshed after
// each step. Every step must leave the index equal to one built from the files as they are then, and a step
// where only stored rollouts grew must be an append, also the one where the parent's `spawn_agent` output
// names a sub-agent whose rollout is stored (it links the sub-agent to that call).
import { describe, expect, it } from 'vitest';
import { query, runSteps, type Step } from './append-scenario.js';

const parent = '019ab000-0000-7000-8000-000000000001';
const first = '019ab000-0000-7000-8000-000000000002';
const second = '019ab000-0000-7000-8000-000000000003';
const rollout = (thread: string) => `sessions/2026/11/20/rollout-2026-11-20T10-00-00-${thread}.jsonl`;

let clock = Date.parse('2026-11-20T10:00:00.000Z');
/** A rollout line, one second after the one before. */
function line(type: string, payload: object): string {
  clock += 1000;
  return JSON.stringify({ timestamp: new Date(clock).toISOString(), type, payload });
}

function meta(thread: string, parentThread?: string): string {
  return line('session_meta', {
    id: thread,
    timestamp: new Date(clock).toISOString(),
    cwd: '/work/app',
    originator: 'codex_cli_rs',
    cli_version: '0.130.0',
    source:
      parentThread === undefined ? 'cli' : { subagent: { thread_spawn: { parent_thread_id: parentThread } } },
    model_provider: 'openai',
  });
}

const turn = () =>
  line('turn_context', {
    cwd: '/work/app',
    approval_policy: 'never',
    sandbox_policy: { mode: 'workspace-write' },
    model: 'gpt-5.1-codex',
    effort: 'medium',
    summary: 'auto',
  });
const message = (role: 'user' | 'assistant', text: string) =>
  line('response_item', {
    type: 'message',
    role,
    content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }],
  });
const call = (name: string, callId: string, args: object) =>
  line('response_item', { type: 'function_call', name, arguments: JSON.stringify(args), call_id: callId });
const output = (callId: string, text: string) =>
  line('response_item', { type: 'function_call_output', call_id: callId, output: text });

/** Cumulative token counts, as Codex writes them after each response. */
function tokens(total: number): string {
  const usage = (n: number) => ({
    input_tokens: n,
    cached_input_tokens: Math.floor(n / 2),
    output_tokens: Math.floor(n / 10),
    reasoning_output_tokens: 0,
    total_tokens: n + Math.floor(n / 10),
  });
  return line('event_msg', {
    type: 'token_count',
    info: { total_token_usage: usage(total), last_token_usage: usage(1000), model_context_window: 258400 },
  });
}

/** A sub-agent's work: a shell call, its output, a token count. */
const work = (thread: string, n: number, total: number) => [
  call('shell', `call-${thread.slice(-1)}-${n}`, { command: ['rg', '-n', 'TODO', 'src'] }),
  output(
    `call-${thread.slice(-1)}-${n}`,
    JSON.stringify({ output: `src/a.ts:${n}: TODO`, metadata: { exit_code: 0 } }),
  ),
  tokens(total),
];

/** The family's lines in the order Codex writes them; each step is one refresh. */
function family(): Step[] {
  return [
    {
      [rollout(parent)]: [
        meta(parent),
        turn(),
        message('user', 'Review the parser and its tests in parallel'),
      ],
    },
    {
      [rollout(parent)]: [
        tokens(1000),
        call('spawn_agent', 'call-spawn-1', { message: 'Review src/parser.ts' }),
      ],
    },
    // The sub-agent's rollout starts before its parent's call returns: a new file, built.
    { [rollout(first)]: [meta(first, parent), turn(), message('user', 'Review src/parser.ts')] },
    // The output names the stored sub-agent: an append that links it to the call.
    { [rollout(parent)]: [output('call-spawn-1', JSON.stringify({ agent_id: first, nickname: 'Ada' }))] },
    { [rollout(first)]: work(first, 1, 2000) },
    // The second call returns before its sub-agent's rollout is there: the new file links it when built.
    {
      [rollout(parent)]: [
        tokens(2000),
        call('spawn_agent', 'call-spawn-2', { message: 'Review the tests' }),
        output('call-spawn-2', JSON.stringify({ agent_id: second, nickname: 'Bo' })),
      ],
    },
    { [rollout(second)]: [meta(second, parent), turn(), message('user', 'Review the tests')] },
    // Parent and both sub-agents grow between two refreshes.
    {
      [rollout(parent)]: [
        tokens(3000),
        call('wait', 'call-wait-1', { ids: [first, second], timeout_ms: 60000 }),
      ],
      [rollout(first)]: work(first, 2, 4000),
      [rollout(second)]: work(second, 1, 1500),
    },
    { [rollout(second)]: [...work(second, 2, 3000), message('assistant', 'The tests miss two cases.')] },
    { [rollout(first)]: [message('assistant', 'The parser drops trailing commas.'), tokens(5000)] },
    {
      [rollout(parent)]: [
        output('call-wait-1', JSON.stringify({ status: { [first]: 'completed', [second]: 'completed' } })),
        message('assistant', 'Both reviews are done: trailing commas, and two missing test cases.'),
        tokens(4000),
      ],
    },
  ];
}

describe('a Codex thread family appended to', () => {
  it('equals a fresh build after every step, and appends every step where only stored rollouts grew', async () => {
    const steps = family();
    const { log, cache } = await runSteps(steps);
    // Steps 1, 3 and 7 bring a new rollout (the unit's files change): built. All others: appended.
    const built = [0, 2, 6];
    expect(log.map((entry, i) => (built.includes(i) ? entry.built : entry.appended))).toEqual(
      steps.map(() => 1),
    );
    expect(log.filter((entry, i) => !built.includes(i) && entry.built > 0)).toEqual([]);

    // What the format says: each sub-agent's rollout names the parent thread, and the parent's spawn_agent
    // output names the sub-agent's thread id.
    expect(
      query(
        cache,
        'SELECT id, parent_session_id, parent_tool_call_id, is_subagent FROM sessions ORDER BY id',
      ),
    ).toEqual([
      { id: parent, parent_session_id: null, parent_tool_call_id: null, is_subagent: 0 },
      { id: first, parent_session_id: parent, parent_tool_call_id: 'call-spawn-1', is_subagent: 1 },
      { id: second, parent_session_id: parent, parent_tool_call_id: 'call-spawn-2', is_subagent: 1 },
    ]);
    expect(
      query(cache, `SELECT id, subagent_id FROM tool_calls WHERE tool = 'spawn_agent' ORDER BY id`),
    ).toEqual([
      { id: 'call-spawn-1', subagent_id: first },
      { id: 'call-spawn-2', subagent_id: second },
    ]);
  });
});

describe('a Codex sub-agent rollout without its parent', () => {
  it('is a tree of its own that grows by appends, equal to a fresh build', async () => {
    const steps: Step[] = [
      { [rollout(first)]: [meta(first, parent), turn(), message('user', 'Review src/parser.ts')] },
      { [rollout(first)]: work(first, 1, 2000) },
      {
        [rollout(first)]: [
          ...work(first, 2, 4000),
          message('assistant', 'The parser drops trailing commas.'),
        ],
      },
    ];
    const { log, cache } = await runSteps(steps);
    expect(log.map((entry) => [entry.built, entry.appended])).toEqual([
      [1, 0],
      [0, 1],
      [0, 1],
    ]);
    expect(query(cache, 'SELECT id, parent_session_id, is_subagent, top_level FROM sessions')).toEqual([
      { id: first, parent_session_id: parent, is_subagent: 1, top_level: 1 },
    ]);
  });
});
