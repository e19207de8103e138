import type { ClaudeCodeToolName, ToolInput } from '../agents/claude-code/tools/registry.js';

/** Claude Code's permission modes (open: newer versions may add modes). */
export type PermissionMode =
  | 'default'
  | 'plan'
  | 'acceptEdits'
  | 'dontAsk'
  | 'bypassPermissions'
  | (string & {});

/**
 * Fields every hook event carries on stdin. Fields agentlog does not know are kept as they came
 * (the index signature), never dropped.
 */
export interface HookInputBase {
  hook_event_name: string;
  session_id: string;
  /** The session's transcript (JSONL): readable with `readSession` from `agentlog`. */
  transcript_path: string;
  cwd: string;
  permission_mode?: PermissionMode;
  /** Set when the event fires inside a subagent. */
  agent_id?: string;
  agent_type?: string;
  [field: string]: unknown;
}

/** A tool's input typed from the registry for a built-in tool name, a plain object otherwise. */
export type ToolInputOf<N extends string> = N extends ClaudeCodeToolName
  ? ToolInput<N>
  : Record<string, unknown>;

/** Before a tool runs: the hook may allow, deny or ask (see `allow`, `deny`, `ask`). */
export interface PreToolUseInput<N extends string = string> extends HookInputBase {
  hook_event_name: 'PreToolUse';
  tool_name: N;
  tool_input: ToolInputOf<N>;
  /** The `tool_use.id` of the call (older versions do not send it). */
  tool_use_id?: string;
}

/** After a tool succeeded. `tool_response` is what the transcript stores as `toolUseResult`. */
export interface PostToolUseInput<N extends string = string> extends HookInputBase {
  hook_event_name: 'PostToolUse';
  tool_name: N;
  tool_input: ToolInputOf<N>;
  tool_response: unknown;
  tool_use_id?: string;
}

/** After a tool failed (or was interrupted). */
export interface PostToolUseFailureInput<N extends string = string> extends HookInputBase {
  hook_event_name: 'PostToolUseFailure';
  tool_name: N;
  tool_input: ToolInputOf<N>;
  error: string;
  is_interrupt?: boolean;
  tool_use_id?: string;
}

/** When Claude Code is about to show a permission dialog. */
export interface PermissionRequestInput<N extends string = string> extends HookInputBase {
  hook_event_name: 'PermissionRequest';
  tool_name: N;
  tool_input: ToolInputOf<N>;
  permission_suggestions?: unknown[];
}

/** When the user submits a prompt, before the model sees it. */
export interface UserPromptSubmitInput extends HookInputBase {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
  /** Correlates with the transcript's `promptId` (newer versions). */
  prompt_id?: string;
}

/** When the main agent finishes answering. */
export interface StopInput extends HookInputBase {
  hook_event_name: 'Stop';
  /** True when Claude is already continuing because of a stop hook: check it to avoid loops. */
  stop_hook_active: boolean;
  last_assistant_message?: string;
}

/** When a subagent starts. */
export interface SubagentStartInput extends HookInputBase {
  hook_event_name: 'SubagentStart';
  agent_id: string;
  agent_type: string;
}

/** When a subagent (Task/Agent tool) finishes. */
export interface SubagentStopInput extends HookInputBase {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_transcript_path?: string;
  last_assistant_message?: string;
}

/** When a session starts or resumes. */
export interface SessionStartInput extends HookInputBase {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | (string & {});
  model?: string;
}

/** When a session ends. */
export interface SessionEndInput extends HookInputBase {
  hook_event_name: 'SessionEnd';
  reason: 'clear' | 'logout' | 'prompt_input_exit' | 'other' | (string & {});
}

/** When Claude Code sends a notification (permission needed, idle...). */
export interface NotificationInput extends HookInputBase {
  hook_event_name: 'Notification';
  message: string;
  title?: string;
  notification_type?: string;
}

/** Before the conversation is compacted. */
export interface PreCompactInput extends HookInputBase {
  hook_event_name: 'PreCompact';
  trigger: 'manual' | 'auto' | (string & {});
  custom_instructions?: string | null;
}

/** An event this version of agentlog does not know: kept whole, with its base fields checked. */
export interface UnknownHookInput extends HookInputBase {
  hook_event_name: string;
}

/** The events agentlog types, by name. */
export interface KnownHookInputs {
  PreToolUse: PreToolUseInput;
  PostToolUse: PostToolUseInput;
  PostToolUseFailure: PostToolUseFailureInput;
  PermissionRequest: PermissionRequestInput;
  UserPromptSubmit: UserPromptSubmitInput;
  Stop: StopInput;
  SubagentStart: SubagentStartInput;
  SubagentStop: SubagentStopInput;
  SessionStart: SessionStartInput;
  SessionEnd: SessionEndInput;
  Notification: NotificationInput;
  PreCompact: PreCompactInput;
}

/** A hook event name agentlog types. */
export type HookEventName = keyof KnownHookInputs;

/** Any hook event read from stdin: a typed known event or an unknown one. Narrow with `isHookEvent`. */
export type HookInput = KnownHookInputs[HookEventName] | UnknownHookInput;

/** Events that carry a tool call. */
export type ToolHookInput<N extends string = string> =
  | PreToolUseInput<N>
  | PostToolUseInput<N>
  | PostToolUseFailureInput<N>
  | PermissionRequestInput<N>;
