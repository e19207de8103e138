/**
 * `agentlog/hooks`: typed helpers for Claude Code hooks written in TypeScript. Read the event from stdin
 * (`readHookInput`, `parseHookInput`), narrow it (`isHookEvent`, `isToolInput`), answer with a builder
 * (`allow`, `deny`, `ask`, `block`, `addContext`...), or let `runHook` do all three.
 */
export type {
  HookEventName,
  HookInput,
  HookInputBase,
  KnownHookInputs,
  NotificationInput,
  PermissionMode,
  PermissionRequestInput,
  PostToolUseFailureInput,
  PostToolUseInput,
  PreCompactInput,
  PreToolUseInput,
  SessionEndInput,
  SessionStartInput,
  StopInput,
  SubagentStartInput,
  SubagentStopInput,
  ToolHookInput,
  ToolInputOf,
  UnknownHookInput,
  UserPromptSubmitInput,
} from './hook-input.js';
export { hookEventNames, isHookEventName } from './hook-input-schemas.js';
export type {
  BlockEvent,
  ContextEvent,
  ContextSpecificOutput,
  HookOutput,
  HookOutputOptions,
  PermissionDecision,
  PermissionRequestSpecificOutput,
  PreToolUseOptions,
  PreToolUseSpecificOutput,
} from './hook-output.js';
export {
  addContext,
  allow,
  allowPermission,
  ask,
  block,
  deny,
  denyPermission,
  stopClaude,
} from './hook-output.js';
export { isHookEvent, isToolEvent, isToolInput } from './is-hook-event.js';
export { HookInputError, parseHookInput, readHookInput } from './parse-hook-input.js';
export type { HookHandler, RunHookOptions } from './run-hook.js';
export { runHook, writeHookOutput } from './run-hook.js';
