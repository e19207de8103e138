import { z } from 'zod';
import type { HookEventName } from './hook-input.js';

/**
 * Runtime checks of hook stdin, per event. Loose objects: fields not listed pass through untouched, and
 * fields that newer Claude Code versions added are optional so that older versions' payloads pass too.
 */
const base = {
  hook_event_name: z.string(),
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  permission_mode: z.string().optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
};

const toolInput = z.record(z.string(), z.unknown());
const tool = {
  ...base,
  tool_name: z.string(),
  tool_input: toolInput,
  tool_use_id: z.string().optional(),
};

/** The base fields every event must carry. */
export const hookInputBaseSchema = z.looseObject(base);

/** A schema per known event. */
export const hookInputSchemas = {
  PreToolUse: z.looseObject({ ...tool, hook_event_name: z.literal('PreToolUse') }),
  PostToolUse: z.looseObject({
    ...tool,
    hook_event_name: z.literal('PostToolUse'),
    tool_response: z.unknown(),
  }),
  PostToolUseFailure: z.looseObject({
    ...tool,
    hook_event_name: z.literal('PostToolUseFailure'),
    error: z.string(),
    is_interrupt: z.boolean().optional(),
  }),
  PermissionRequest: z.looseObject({
    ...base,
    hook_event_name: z.literal('PermissionRequest'),
    tool_name: z.string(),
    tool_input: toolInput,
    permission_suggestions: z.array(z.unknown()).optional(),
  }),
  UserPromptSubmit: z.looseObject({
    ...base,
    hook_event_name: z.literal('UserPromptSubmit'),
    prompt: z.string(),
    prompt_id: z.string().optional(),
  }),
  Stop: z.looseObject({
    ...base,
    hook_event_name: z.literal('Stop'),
    stop_hook_active: z.boolean(),
    last_assistant_message: z.string().optional(),
  }),
  SubagentStart: z.looseObject({
    ...base,
    hook_event_name: z.literal('SubagentStart'),
    agent_id: z.string(),
    agent_type: z.string(),
  }),
  SubagentStop: z.looseObject({
    ...base,
    hook_event_name: z.literal('SubagentStop'),
    stop_hook_active: z.boolean(),
    agent_transcript_path: z.string().optional(),
    last_assistant_message: z.string().optional(),
  }),
  SessionStart: z.looseObject({
    ...base,
    hook_event_name: z.literal('SessionStart'),
    source: z.string(),
    model: z.string().optional(),
  }),
  SessionEnd: z.looseObject({ ...base, hook_event_name: z.literal('SessionEnd'), reason: z.string() }),
  Notification: z.looseObject({
    ...base,
    hook_event_name: z.literal('Notification'),
    message: z.string(),
    title: z.string().optional(),
    notification_type: z.string().optional(),
  }),
  PreCompact: z.looseObject({
    ...base,
    hook_event_name: z.literal('PreCompact'),
    trigger: z.string(),
    custom_instructions: z.string().nullable().optional(),
  }),
} as const satisfies Record<HookEventName, z.ZodType>;

/** Every event name agentlog types, in the order Claude Code's docs list them. */
export const hookEventNames = Object.keys(hookInputSchemas) as HookEventName[];

/** Whether `name` is an event agentlog types. */
export function isHookEventName(name: string): name is HookEventName {
  return Object.hasOwn(hookInputSchemas, name);
}
