import { describe, expectTypeOf, it } from 'vitest';
import { isToolCall, type Session, type ToolCall, type ToolInput, toolCalls } from '../src/index.js';

describe('library types', () => {
  it('narrows a call to a tool by name, aliases included', () => {
    const call = {} as ToolCall;
    if (isToolCall(call, 'Bash')) {
      expectTypeOf(call.input.command).toEqualTypeOf<string>();
      expectTypeOf(call.input).toEqualTypeOf<ToolInput<'Bash'>>();
    }
    if (isToolCall(call, 'Agent')) expectTypeOf(call.input.prompt).toEqualTypeOf<string>();
  });

  it('iterates the calls of a session tree', () => {
    const session = {} as Session;
    expectTypeOf(toolCalls(session)).toEqualTypeOf<Generator<ToolCall>>();
  });
});
