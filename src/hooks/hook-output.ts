/** Options every hook output may carry. */
export interface HookOutputOptions {
  /** A message shown to the user (not to Claude). */
  systemMessage?: string;
  /** Hide the hook's stdout from the transcript view. */
  suppressOutput?: boolean;
}

/** A PreToolUse decision: run without asking, refuse (the reason goes to Claude), or ask the user. */
export type PermissionDecision = 'allow' | 'deny' | 'ask';

/** The PreToolUse part of an output. */
export interface PreToolUseSpecificOutput {
  hookEventName: 'PreToolUse';
  permissionDecision?: PermissionDecision;
  permissionDecisionReason?: string;
  /** Replaces the tool's input before it runs. */
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
}

/** The PermissionRequest part of an output: answers the permission dialog for the user. */
export interface PermissionRequestSpecificOutput {
  hookEventName: 'PermissionRequest';
  decision:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: unknown[] }
    | { behavior: 'deny'; message?: string; interrupt?: boolean };
}

/** Events whose output can add context for Claude (besides PreToolUse, which has its own builders). */
export type ContextEvent =
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'UserPromptSubmit'
  | 'SessionStart'
  | 'SubagentStart'
  | 'Notification';

/** The part of an output that only adds context. */
export interface ContextSpecificOutput {
  hookEventName: ContextEvent;
  additionalContext: string;
}

/** Events a hook can block with `decision: "block"`. */
export type BlockEvent = 'PostToolUse' | 'UserPromptSubmit' | 'Stop' | 'SubagentStop';

/** The JSON a hook prints on stdout (exit code 0) to steer Claude Code. */
export interface HookOutput extends HookOutputOptions {
  /** False stops Claude altogether (after this hook), with `stopReason` shown to the user. */
  continue?: boolean;
  stopReason?: string;
  decision?: 'block';
  /** Why it blocked: shown to Claude (PostToolUse, Stop, SubagentStop) or the user (UserPromptSubmit). */
  reason?: string;
  hookSpecificOutput?: PreToolUseSpecificOutput | PermissionRequestSpecificOutput | ContextSpecificOutput;
}

/** Options of the PreToolUse builders. */
export interface PreToolUseOptions extends HookOutputOptions {
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
}

function common(options: HookOutputOptions): HookOutputOptions {
  return {
    ...(options.systemMessage === undefined ? {} : { systemMessage: options.systemMessage }),
    ...(options.suppressOutput === undefined ? {} : { suppressOutput: options.suppressOutput }),
  };
}

function preToolUse(
  decision: PermissionDecision,
  reason: string | undefined,
  options: PreToolUseOptions,
): HookOutput {
  return {
    ...common(options),
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: decision,
      ...(reason === undefined ? {} : { permissionDecisionReason: reason }),
      ...(options.updatedInput === undefined ? {} : { updatedInput: options.updatedInput }),
      ...(options.additionalContext === undefined ? {} : { additionalContext: options.additionalContext }),
    },
  };
}

/** PreToolUse: run the tool without asking (permission rules that deny or ask still apply). */
export function allow(options: PreToolUseOptions & { reason?: string } = {}): HookOutput {
  return preToolUse('allow', options.reason, options);
}

/** PreToolUse: refuse the call; `reason` is shown to Claude, which sees the call as denied. */
export function deny(reason: string, options: PreToolUseOptions = {}): HookOutput {
  return preToolUse('deny', reason, options);
}

/** PreToolUse: ask the user, with `reason` shown in the dialog. */
export function ask(reason?: string, options: PreToolUseOptions = {}): HookOutput {
  return preToolUse('ask', reason, options);
}

/** PermissionRequest: grant the permission the dialog asks for. */
export function allowPermission(
  options: HookOutputOptions & {
    updatedInput?: Record<string, unknown>;
    updatedPermissions?: unknown[];
  } = {},
): HookOutput {
  return {
    ...common(options),
    hookSpecificOutput: {
      hookEventName: 'PermissionRequest',
      decision: {
        behavior: 'allow',
        ...(options.updatedInput === undefined ? {} : { updatedInput: options.updatedInput }),
        ...(options.updatedPermissions === undefined
          ? {}
          : { updatedPermissions: options.updatedPermissions }),
      },
    },
  };
}

/** PermissionRequest: refuse the permission; `interrupt` also stops Claude. */
export function denyPermission(
  message?: string,
  options: HookOutputOptions & { interrupt?: boolean } = {},
): HookOutput {
  return {
    ...common(options),
    hookSpecificOutput: {
      hookEventName: 'PermissionRequest',
      decision: {
        behavior: 'deny',
        ...(message === undefined ? {} : { message }),
        ...(options.interrupt === undefined ? {} : { interrupt: options.interrupt }),
      },
    },
  };
}

/**
 * Blocks: a prompt (UserPromptSubmit: the prompt is dropped, `reason` shown to the user), a finished
 * tool (PostToolUse: `reason` goes to Claude), or stopping (Stop, SubagentStop: Claude goes on, told
 * `reason`). PostToolUse and UserPromptSubmit can add context at the same time.
 */
export function block(
  event: 'PostToolUse' | 'UserPromptSubmit',
  reason: string,
  options?: HookOutputOptions & { additionalContext?: string },
): HookOutput;
export function block(
  event: 'Stop' | 'SubagentStop',
  reason: string,
  options?: HookOutputOptions,
): HookOutput;
export function block(
  event: BlockEvent,
  reason: string,
  options: HookOutputOptions & { additionalContext?: string } = {},
): HookOutput {
  const context =
    options.additionalContext !== undefined && (event === 'PostToolUse' || event === 'UserPromptSubmit')
      ? { hookSpecificOutput: { hookEventName: event, additionalContext: options.additionalContext } }
      : {};
  return { ...common(options), decision: 'block', reason, ...context };
}

/** Adds context for Claude without deciding anything (for PreToolUse use `allow({ additionalContext })`). */
export function addContext(event: ContextEvent, text: string, options: HookOutputOptions = {}): HookOutput {
  return { ...common(options), hookSpecificOutput: { hookEventName: event, additionalContext: text } };
}

/** Stops Claude altogether after this hook (any event); `stopReason` is shown to the user. */
export function stopClaude(stopReason: string, options: HookOutputOptions = {}): HookOutput {
  return { ...common(options), continue: false, stopReason };
}
