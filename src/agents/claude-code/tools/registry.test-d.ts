import { describe, expectTypeOf, it } from 'vitest';
import type { ClaudeCodeToolName, ToolInput, ToolResult } from './index.js';

describe('ToolInput and ToolResult', () => {
  it('types Bash input fields', () => {
    expectTypeOf<ToolInput<'Bash'>['command']>().toEqualTypeOf<string>();
    expectTypeOf<ToolInput<'Bash'>['timeout']>().toEqualTypeOf<number | undefined>();
  });

  it('types the Read result as a union discriminated on type', () => {
    expectTypeOf<ToolResult<'Read'>['type']>().toEqualTypeOf<
      'text' | 'image' | 'notebook' | 'pdf' | 'parts' | 'file_unchanged'
    >();
    expectTypeOf<Extract<ToolResult<'Read'>, { type: 'text' }>['file']['content']>().toEqualTypeOf<string>();
  });

  it('shares schemas between renamed tools', () => {
    expectTypeOf<ToolInput<'Task'>>().toEqualTypeOf<ToolInput<'Agent'>>();
    expectTypeOf<ToolResult<'Task'>>().toEqualTypeOf<ToolResult<'Agent'>>();
    expectTypeOf<ToolInput<'KillShell'>>().toEqualTypeOf<ToolInput<'KillBash'>>();
    expectTypeOf<ToolInput<'MCPSearch'>>().toEqualTypeOf<ToolInput<'ToolSearch'>>();
    expectTypeOf<ToolInput<'Brief'>>().toEqualTypeOf<ToolInput<'SendUserMessage'>>();
  });

  it('narrows the Agent result on status', () => {
    type Completed = Extract<ToolResult<'Agent'>, { status: 'completed' }>;
    expectTypeOf<Completed['agentId']>().toEqualTypeOf<string>();
    expectTypeOf<Completed['totalTokens']>().toEqualTypeOf<number>();
  });

  it('accepts both todo item forms', () => {
    type Item = ToolInput<'TodoWrite'>['todos'][number];
    expectTypeOf<{ content: string; status: 'pending'; activeForm: string }>().toExtend<Item>();
    expectTypeOf<{ content: string; status: 'completed'; id: string; priority: 'high' }>().toExtend<Item>();
  });

  it('keys the registry by log names only', () => {
    expectTypeOf<'Bash'>().toExtend<ClaudeCodeToolName>();
    expectTypeOf<'exit_plan_mode'>().toExtend<ClaudeCodeToolName>();
    expectTypeOf<'bash'>().not.toExtend<ClaudeCodeToolName>();
  });
});
