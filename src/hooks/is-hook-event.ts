import type { ClaudeCodeToolName } from '../agents/claude-code/tools/registry.js';
import { getClaudeCodeTool } from '../agents/claude-code/tools/registry.js';
import type { HookEventName, HookInput, KnownHookInputs, ToolHookInput } from './hook-input.js';
import { hookInputSchemas } from './hook-input-schemas.js';

const toolEvents = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest']);

/**
 * Narrows a hook event to one event type: true when the name matches and the event's fields check
 * (`if (isHookEvent(e, 'Stop') && !e.stop_hook_active) ...`).
 */
export function isHookEvent<E extends HookEventName>(
  input: HookInput,
  event: E,
): input is KnownHookInputs[E] {
  return input.hook_event_name === event && hookInputSchemas[event].safeParse(input).success;
}

/**
 * Narrows a tool event (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest) to one tool,
 * with `tool_input` typed from the registry: `if (isToolInput(e, 'Bash')) e.tool_input.command`.
 * True only when `tool_name` is exactly `name` (a renamed tool's old name, `Task` for `Agent`, is a
 * name of its own) and `tool_input` passes the tool's input schema, so the typed fields are there.
 */
export function isToolInput<N extends ClaudeCodeToolName>(
  input: HookInput,
  name: N,
): input is ToolHookInput<N> {
  if (!toolEvents.has(input.hook_event_name) || input.tool_name !== name) return false;
  const spec = getClaudeCodeTool(name);
  return spec?.input.safeParse(input.tool_input).success === true;
}

/** Whether the event carries a tool call (any tool), with `tool_name` and `tool_input`. */
export function isToolEvent(input: HookInput): input is ToolHookInput {
  return (
    toolEvents.has(input.hook_event_name) &&
    typeof input.tool_name === 'string' &&
    typeof input.tool_input === 'object' &&
    input.tool_input !== null
  );
}
