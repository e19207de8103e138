import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dangerousCommand, handle } from '../examples/hooks/guard-bash.js';
import { validateToolInput } from '../src/agents/claude-code/tools/validate-tool-call.js';
import { isToolInput, parseHookInput } from '../src/hooks/index.js';
import { listSessions, toolCalls } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import type { ToolCall } from '../src/model/tool-call.js';
import { corpusDir } from './corpus.js';

const root = path.resolve(import.meta.dirname, '..');
const hook = path.join(root, 'examples/hooks/guard-bash.ts');
const register = path.join(root, 'test/helpers/ts-register.mjs');
const fixtures = path.join(root, 'test/fixtures/hooks');

interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the example as Claude Code does: a process with the event JSON on stdin. */
async function runExample(stdin: string, logFile: string): Promise<HookRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', register, hook],
      { env: { ...process.env, AGENTLOG_HOOK_LOG: logFile }, cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

/** The PreToolUse and PostToolUse JSON Claude Code sends for a call of a real session. */
function hookPayloads(session: Session, call: ToolCall): { pre: string; post: string } {
  const base = {
    session_id: session.id,
    transcript_path: session.files[0],
    cwd: session.cwd ?? '/',
    permission_mode: 'default',
    tool_name: call.name,
    tool_input: call.input,
    tool_use_id: call.id,
  };
  return {
    pre: JSON.stringify({ ...base, hook_event_name: 'PreToolUse' }),
    post: JSON.stringify({
      ...base,
      hook_event_name: 'PostToolUse',
      tool_response: call.result?.structured ?? call.result?.text ?? null,
    }),
  };
}

const readLog = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let dir: string;
const savedLog = process.env.AGENTLOG_HOOK_LOG;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentlog-hook-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (savedLog === undefined) delete process.env.AGENTLOG_HOOK_LOG;
  else process.env.AGENTLOG_HOOK_LOG = savedLog;
});

describe('dangerousCommand', () => {
  it('catches recursive rm of the root or home folder however it is written', () => {
    for (const command of [
      'rm -rf /',
      'rm -fr /*',
      'sudo rm -r -f / --no-preserve-root',
      'cd /tmp && rm -Rf ~',
      'FOO=1 /bin/rm --recursive "$HOME"',
      'echo done; rm -rf ~/',
    ])
      expect(dangerousCommand(command), command).toMatch(/^recursive rm of /);
  });

  it('lets ordinary deletes through', () => {
    for (const command of ['rm -rf ./dist', 'rm /tmp/x', 'rm -rf /tmp/build', 'grep -r "rm -rf /" .', 'ls /'])
      expect(dangerousCommand(command), command).toBeUndefined();
  });
});

describe('the example hook, run as Claude Code runs it', () => {
  it('denies rm -rf / with a reason for Claude, and logs the call', async () => {
    const log = path.join(dir, 'deny.ndjson');
    const run = await runExample(readFileSync(path.join(fixtures, 'pre-tool-use-rm.json'), 'utf8'), log);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          'Blocked by guard-bash: recursive rm of "/" would delete far more than this task needs.',
      },
    });
    expect(readLog(log)).toEqual([
      expect.objectContaining({
        event: 'PreToolUse',
        tool: 'Bash',
        decision: 'deny',
        call: 'toolu_01Rm9Rm9Rm9Rm9Rm9Rm9Rm9R',
      }),
    ]);
  });

  it('says nothing for other events and fails closed on input it cannot read', async () => {
    const log = path.join(dir, 'other.ndjson');
    const stop = await runExample(readFileSync(path.join(fixtures, 'stop.json'), 'utf8'), log);
    expect(stop).toEqual({ code: 0, stdout: '', stderr: '' });
    const bad = await runExample('{"hook_event_name": "PreToolUse"', log);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^Hook input is not JSON \(.+\): ".+"\.\n$/);
  });

  it('passes real calls of a corpus session through, logging each before and after', async () => {
    const { sessions } = await listSessions({ paths: [corpusDir], session: '29ccd257' });
    const session = sessions[0] as Session;
    const calls = [...toolCalls(session)];
    const sample = [
      ...calls.filter((c) => c.name === 'Bash').slice(0, 3),
      ...calls.filter((c) => c.name !== 'Bash').slice(0, 2),
    ];
    expect(sample).toHaveLength(5);
    const log = path.join(dir, 'corpus.ndjson');
    const runs: HookRun[] = [];
    // One at a time: each run appends to the log, which is then read in order.
    for (const call of sample) {
      const { pre, post } = hookPayloads(session, call);
      runs.push(await runExample(pre, log), await runExample(post, log));
    }
    expect(runs.every((r) => r.code === 0 && r.stdout === '' && r.stderr === '')).toBe(true);
    const lines = readLog(log);
    expect(lines.map((l) => [l.event, l.call])).toEqual(
      sample.flatMap((c) => [
        ['PreToolUse', c.id],
        ['PostToolUse', c.id],
      ]),
    );
    expect(lines.filter((l) => l.event === 'PreToolUse').every((l) => l.decision === 'pass')).toBe(true);
    expect(lines[0]?.input).toEqual(sample[0]?.input);
  });
});

describe('hook input built from every real tool call of the corpus', () => {
  it('parses, narrows exactly when the registry accepts the input, and is never denied', async () => {
    process.env.AGENTLOG_HOOK_LOG = path.join(dir, 'all.ndjson');
    const { sessions } = await listSessions({ paths: [corpusDir], agent: 'claude-code' });
    let checked = 0;
    const denied: string[] = [];
    for (const session of sessions) {
      for (const call of toolCalls(session)) {
        if (call.status === 'orphan_result' || typeof call.input !== 'object' || call.input === null)
          continue;
        const input = parseHookInput(hookPayloads(session, call).pre);
        expect(input.tool_input).toEqual(call.input);
        const output = handle(input);
        if (output) denied.push(String((call.input as { command?: unknown }).command));
        if (call.name === 'Bash') {
          expect(isToolInput(input, 'Bash')).toBe(validateToolInput('Bash', call.input).length === 0);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(denied).toEqual([]);
    expect(readLog(path.join(dir, 'all.ndjson'))).toHaveLength(checked);
  });
});
