import { describe, expectTypeOf, it } from 'vitest';
import type { ToolInput } from '../agents/claude-code/tools/registry.js';
import type { HookInput, PreToolUseInput, StopInput, ToolHookInput } from './index.js';
import { allow, block, deny, isHookEvent, isToolEvent, isToolInput, parseHookInput } from './index.js';

declare const e: HookInput;

describe('hook input narrowing', () => {
  it('types tool_input by tool name', () => {
    if (isToolInput(e, 'Bash')) {
      expectTypeOf(e.tool_input.command).toEqualTypeOf<string>();
      expectTypeOf(e.tool_input.timeout).toEqualTypeOf<number | undefined>();
      expectTypeOf(e.tool_name).toEqualTypeOf<'Bash'>();
      expectTypeOf(e).toExtend<ToolHookInput<'Bash'>>();
    }
    if (isToolInput(e, 'Edit')) {
      expectTypeOf(e.tool_input).toEqualTypeOf<ToolInput<'Edit'>>();
      expectTypeOf(e.tool_input.file_path).toEqualTypeOf<string>();
    }
  });

  it('narrows to one event and then to its fields', () => {
    if (isHookEvent(e, 'Stop')) {
      expectTypeOf(e).toEqualTypeOf<StopInput>();
      expectTypeOf(e.stop_hook_active).toEqualTypeOf<boolean>();
    }
    if (isHookEvent(e, 'PreToolUse')) {
      expectTypeOf(e).toEqualTypeOf<PreToolUseInput>();
      expectTypeOf(e.tool_input).toEqualTypeOf<Record<string, unknown>>();
      if (isToolInput(e, 'Bash')) expectTypeOf(e).toEqualTypeOf<PreToolUseInput<'Bash'>>();
    }
    if (isHookEvent(e, 'UserPromptSubmit')) expectTypeOf(e.prompt).toEqualTypeOf<string>();
  });

  it('keeps unknown fields reachable as unknown', () => {
    const parsed = parseHookInput('{}');
    expectTypeOf(parsed.session_id).toEqualTypeOf<string>();
    expectTypeOf(parsed.some_future_field).toEqualTypeOf<unknown>();
    if (isToolEvent(parsed)) expectTypeOf(parsed.tool_name).toEqualTypeOf<string>();
  });

  it('rejects a tool name outside the registry and a command of the wrong type', () => {
    // @ts-expect-error not a Claude Code tool
    isToolInput(e, 'bash');
    if (isToolInput(e, 'Bash')) {
      // @ts-expect-error command is a string
      const n: number = e.tool_input.command;
      void n;
    }
  });
});

describe('output builders', () => {
  it('requires a reason to deny and to block', () => {
    // @ts-expect-error a denial needs a reason
    deny();
    // @ts-expect-error Stop cannot add context
    block('Stop', 'keep going', { additionalContext: 'x' });
    block('UserPromptSubmit', 'no secrets in prompts', { additionalContext: 'x' });
    expectTypeOf(allow().hookSpecificOutput).not.toBeUndefined();
  });
});
