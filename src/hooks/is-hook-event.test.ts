import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHookEvent, isToolEvent, isToolInput } from './is-hook-event.js';
import { parseHookInput } from './parse-hook-input.js';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/hooks');
const load = (name: string) => parseHookInput(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));

describe('isToolInput', () => {
  it('matches the tool by exact name on every tool event', () => {
    expect(isToolInput(load('pre-tool-use-bash'), 'Bash')).toBe(true);
    expect(isToolInput(load('post-tool-use-failure'), 'Bash')).toBe(true);
    expect(isToolInput(load('permission-request'), 'Bash')).toBe(true);
    expect(isToolInput(load('post-tool-use-write'), 'Write')).toBe(true);
    expect(isToolInput(load('pre-tool-use-edit'), 'Edit')).toBe(true);
    expect(isToolInput(load('pre-tool-use-bash'), 'PowerShell')).toBe(false);
    expect(isToolInput(load('stop'), 'Bash')).toBe(false);
  });

  it('is false when the input does not pass the tool schema, so typed fields are always there', () => {
    const value = JSON.parse(readFileSync(path.join(fixtures, 'pre-tool-use-bash.json'), 'utf8'));
    value.tool_input.command = ['rm', '-rf', '/'];
    expect(isToolInput(parseHookInput(JSON.stringify(value)), 'Bash')).toBe(false);
  });

  it('treats a renamed tool by the name Claude Code sent', () => {
    const value = JSON.parse(readFileSync(path.join(fixtures, 'pre-tool-use-bash.json'), 'utf8'));
    value.tool_name = 'Task';
    value.tool_input = { description: 'Explore', prompt: 'Find the cart code', subagent_type: 'Explore' };
    const input = parseHookInput(JSON.stringify(value));
    expect(isToolInput(input, 'Task')).toBe(true);
    expect(isToolInput(input, 'Agent')).toBe(false);
  });

  it('sees MCP and other tools as tool events with plain inputs', () => {
    const input = load('pre-tool-use-mcp');
    expect(isToolEvent(input)).toBe(true);
    expect(isToolEvent(load('session-start'))).toBe(false);
  });
});

describe('isHookEvent', () => {
  it('narrows by name and checks the fields', () => {
    expect(isHookEvent(load('stop'), 'Stop')).toBe(true);
    expect(isHookEvent(load('stop'), 'SubagentStop')).toBe(false);
    expect(isHookEvent(load('unknown-event'), 'PreToolUse')).toBe(false);
    // An object built by hand that lacks a field is not the event.
    const partial = { ...load('stop') };
    delete partial.stop_hook_active;
    expect(isHookEvent(partial, 'Stop')).toBe(false);
  });
});
