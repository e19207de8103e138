import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  addContext,
  allow,
  allowPermission,
  ask,
  block,
  deny,
  denyPermission,
  stopClaude,
} from './hook-output.js';
import { isToolInput } from './is-hook-event.js';
import { runHook } from './run-hook.js';

describe('output builders', () => {
  it('writes the PreToolUse decisions Claude Code reads', () => {
    expect(deny('rm -rf / is never allowed')).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf / is never allowed',
      },
    });
    expect(allow({ reason: 'read-only', additionalContext: 'cwd is clean', suppressOutput: true })).toEqual({
      suppressOutput: true,
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'read-only',
        additionalContext: 'cwd is clean',
      },
    });
    expect(ask('Pushes to main', { updatedInput: { command: 'git push --dry-run' } })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'Pushes to main',
        updatedInput: { command: 'git push --dry-run' },
      },
    });
  });

  it('answers permission dialogs', () => {
    expect(allowPermission({ updatedInput: { command: 'ls' } })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedInput: { command: 'ls' } },
      },
    });
    expect(denyPermission('Not on Fridays', { interrupt: true })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'Not on Fridays', interrupt: true },
      },
    });
  });

  it('blocks, adds context and stops', () => {
    expect(block('Stop', 'Tests still fail: run npm test')).toEqual({
      decision: 'block',
      reason: 'Tests still fail: run npm test',
    });
    expect(block('UserPromptSubmit', 'The prompt holds a key', { systemMessage: 'Prompt dropped' })).toEqual({
      systemMessage: 'Prompt dropped',
      decision: 'block',
      reason: 'The prompt holds a key',
    });
    expect(block('PostToolUse', 'Lint failed', { additionalContext: '3 errors' })).toEqual({
      decision: 'block',
      reason: 'Lint failed',
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: '3 errors' },
    });
    expect(addContext('SessionStart', 'Branch: main')).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Branch: main' },
    });
    expect(stopClaude('Budget reached')).toEqual({ continue: false, stopReason: 'Budget reached' });
  });
});

describe('runHook', () => {
  const collect = () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    return { stream, text: () => chunks.join('') };
  };
  const bash = (command: string) =>
    JSON.stringify({
      session_id: 's',
      transcript_path: '/t.jsonl',
      cwd: '/',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
    });
  const guard = (e: Parameters<Parameters<typeof runHook>[0]>[0]) =>
    isToolInput(e, 'Bash') && e.tool_input.command.includes('rm -rf /') ? deny('No.') : undefined;

  it('prints the handler output as one JSON line and exits 0', async () => {
    const out = collect();
    const code = await runHook(guard, {
      stdin: Readable.from([bash('rm -rf /')]),
      stdout: out.stream,
      setExitCode: false,
    });
    expect(code).toBe(0);
    expect(out.text()).toBe(`${JSON.stringify(deny('No.'))}\n`);
  });

  it('prints nothing when the handler has nothing to say', async () => {
    const out = collect();
    const code = await runHook(guard, {
      stdin: Readable.from([bash('ls')]),
      stdout: out.stream,
      setExitCode: false,
    });
    expect(code).toBe(0);
    expect(out.text()).toBe('');
  });

  it('fails open with 1, or closed with 2, with one line on stderr', async () => {
    const err = collect();
    const open = await runHook(guard, {
      stdin: Readable.from(['{oops']),
      stderr: err.stream,
      setExitCode: false,
    });
    expect(open).toBe(1);
    expect(err.text()).toMatch(/^Hook input is not JSON \(.*\): "\{oops"\.\n$/);
    const closed = await runHook(
      () => {
        throw new Error('Policy file is missing.');
      },
      { stdin: Readable.from([bash('ls')]), stderr: err.stream, failClosed: true, setExitCode: false },
    );
    expect(closed).toBe(2);
    expect(err.text()).toContain('Policy file is missing.\n');
  });
});
