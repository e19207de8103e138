import { describe, expect, it } from 'vitest';
import { parseCodexToolOutput } from '../schemas/parse-tool-io.js';
import { lookupCodexTool } from './lookup-tool.js';
import { codexTools } from './registry.js';
import { codexToolCallInput } from './tool-call-input.js';

const patch = '*** Begin Patch\n*** Add File: a.txt\n+hello\n*** End Patch\n';

describe('codexToolCallInput', () => {
  it('parses function_call arguments', () => {
    const call = codexToolCallInput({
      type: 'function_call',
      name: 'exec_command',
      arguments: '{"cmd":"ls","yield_time_ms":1000}',
      call_id: 'call_1',
    });
    expect(call).toEqual({
      name: 'exec_command',
      namespace: undefined,
      callId: 'call_1',
      input: {
        ok: true,
        value: { cmd: 'ls', yield_time_ms: 1000 },
        raw: '{"cmd":"ls","yield_time_ms":1000}',
      },
    });
  });

  it('wraps the raw text of a freeform apply_patch as {input}, like the function form', () => {
    const custom = codexToolCallInput({
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: patch,
      call_id: 'c',
    });
    const fn = codexToolCallInput({
      type: 'function_call',
      name: 'apply_patch',
      arguments: JSON.stringify({ input: patch }),
      call_id: 'c',
    });
    expect(custom?.input).toEqual({ ok: true, value: { input: patch }, raw: patch });
    expect(fn?.input).toMatchObject({ ok: true, value: { input: patch } });
    expect(codexTools.apply_patch.input.safeParse(custom?.input.ok && custom.input.value).success).toBe(true);
  });

  it('parses a JSON custom call to a built-in JSON tool as arguments', () => {
    const call = codexToolCallInput({
      type: 'custom_tool_call',
      name: 'shell',
      input: '{"command":["ls"]}',
      call_id: 'c',
    });
    expect(call?.input).toMatchObject({ ok: true, value: { command: ['ls'] } });
    expect(codexTools.shell.input.safeParse(call?.input.ok && call.input.value).success).toBe(true);
  });

  it('takes the action of local_shell_call and web_search_call', () => {
    const action = { type: 'exec', command: ['bash', '-lc', 'ls'], timeout_ms: 1000 };
    const local = codexToolCallInput({ type: 'local_shell_call', call_id: 'c', status: 'completed', action });
    expect(local).toMatchObject({ name: 'local_shell', callId: 'c', input: { ok: true, value: action } });
    expect(codexTools.local_shell.input.safeParse(action).success).toBe(true);
    const search = codexToolCallInput({
      type: 'web_search_call',
      status: 'completed',
      action: { type: 'search', query: 'x' },
    });
    expect(search).toMatchObject({ name: 'web_search', callId: undefined, input: { ok: true } });
    expect(codexTools.web_search.input.safeParse(search?.input.ok && search.input.value).success).toBe(true);
  });

  it('keeps the namespace and reports unparsable arguments', () => {
    const call = codexToolCallInput({
      type: 'function_call',
      name: 'js',
      namespace: 'mcp__node_repl__',
      arguments: '{"code":',
      call_id: 'c',
    });
    expect(call).toMatchObject({
      name: 'js',
      namespace: 'mcp__node_repl__',
      input: { ok: false, raw: '{"code":' },
    });
  });

  it('returns undefined for items that are not calls', () => {
    expect(codexToolCallInput({ type: 'message', role: 'user', content: [] })).toBeUndefined();
    expect(codexToolCallInput({ type: 'function_call_output', call_id: 'c', output: '' })).toBeUndefined();
    expect(codexToolCallInput({ type: 'function_call', arguments: '{}' })).toBeUndefined();
  });
});

describe('tool input schemas', () => {
  it('follow the arguments Codex accepts', () => {
    expect(codexTools.shell.input.safeParse({ command: 'ls -la' }).success).toBe(false);
    expect(codexTools.shell_command.input.safeParse({ command: 'ls -la', login: false }).success).toBe(true);
    expect(codexTools.exec_command.input.safeParse({ command: 'ls' }).success).toBe(false);
    expect(codexTools.write_stdin.input.safeParse({ session_id: '48230', chars: '' }).success).toBe(false);
    expect(codexTools.update_plan.input.safeParse({ plan: [{ step: 'a', status: 'done' }] }).success).toBe(
      false,
    );
    expect(
      codexTools.update_plan.input.safeParse({
        explanation: null,
        plan: [{ step: 'a', status: 'completed' }],
      }).success,
    ).toBe(true);
  });

  it('name agents by id or target', () => {
    expect(codexTools.send_input.input.safeParse({ id: 'a', message: 'go' }).success).toBe(true);
    expect(codexTools.send_input.input.safeParse({ target: 'a', message: 'go' }).success).toBe(true);
    const missing = codexTools.close_agent.input.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['target'],
      message: 'Expected "id" or "target"',
    });
  });
});

describe('tool result schemas', () => {
  it('take the decoded output of shell tools as is', () => {
    const parsed = parseCodexToolOutput('Exit code: 1\nWall time: 0.2 seconds\nOutput:\nnope');
    expect(codexTools.shell.result.parse(parsed)).toEqual(parsed);
  });

  it('decode the JSON of collab tools, and keep error text', () => {
    const spawned = parseCodexToolOutput('{"agent_id":"019e","nickname":"Ada"}');
    expect(codexTools.spawn_agent.result.parse(spawned)).toEqual({ agent_id: '019e', nickname: 'Ada' });
    const waited = parseCodexToolOutput('{"status":{"019e":{"completed":"done"}},"timed_out":false}');
    expect(codexTools.wait.result.parse(waited)).toEqual({
      status: { '019e': { completed: 'done' } },
      timed_out: false,
    });
    const failed = parseCodexToolOutput('collab spawn failed: agent limit reached');
    expect(codexTools.spawn_agent.result.parse(failed)).toEqual(failed);
  });

  it('report JSON that does not fit the result schema', () => {
    const bad = parseCodexToolOutput('{"status":{"019e":42}}');
    const result = codexTools.wait.result.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['timed_out']);
  });

  it('resolve the same for MCP tools', () => {
    const lookup = lookupCodexTool('mcp__github__get_issue');
    const parsed = parseCodexToolOutput('Wall time: 0.5 seconds\nOutput:\n[{"type":"text","text":"#1"}]');
    expect(lookup.kind === 'mcp' && lookup.spec.result.safeParse(parsed).success).toBe(true);
  });
});
