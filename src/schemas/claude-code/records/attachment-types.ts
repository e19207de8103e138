import { z } from 'zod';
import { contentBlockSchema } from '../content-blocks.js';
import { openUnion, stringOrArray } from './dispatch-schema.js';

// Payloads of `attachment.attachment` (spec section 1.8: an open set). Field lists come from the spec
// and from real logs; the type-only entries are known names whose fields are not catalogued.

const str = z.string().optional();
const num = z.number().optional();
const bool = z.boolean().optional();
const strings = z.array(z.string()).optional();

function attachment<const T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ type: z.literal(type), ...shape });
}

/** Fields hook outcome attachments share. */
const hookShape = {
  hookName: str,
  hookEvent: str,
  toolUseID: str,
  command: str,
  stdout: str,
  stderr: str,
  exitCode: z.number().nullable().optional(),
  durationMs: num,
};

/** Where a queued prompt came from (`{kind: "human" | "task-notification" | …}`). */
export const promptOriginSchema = z.looseObject({
  kind: z.string(),
  from: str,
  senderTaskId: str,
});
export type PromptOrigin = z.infer<typeof promptOriginSchema>;

/** A TodoWrite item as reminders and `user.todos` carry it. */
export const todoItemSchema = z.looseObject({
  content: str,
  status: str,
  activeForm: str,
  id: str,
  priority: str,
});
export type TodoItem = z.infer<typeof todoItemSchema>;

/** A TaskCreate/TaskUpdate task as task reminders carry it. */
export const taskItemSchema = z.looseObject({
  id: str,
  subject: str,
  description: str,
  activeForm: str,
  owner: str,
  status: str,
  blocks: strings,
  blockedBy: strings,
});
export type TaskItem = z.infer<typeof taskItemSchema>;

const fileContentSchema = z.looseObject({
  type: z.string(),
  file: z
    .looseObject({ filePath: str, content: str, numLines: num, startLine: num, totalLines: num })
    .optional(),
});

const attachmentPayloadSchemas = [
  attachment('hook_success', { ...hookShape, content: str }),
  attachment('hook_additional_context', { ...hookShape, content: stringOrArray(z.string()).optional() }),
  attachment('hook_blocking_error', {
    ...hookShape,
    blockingError: z.looseObject({ blockingError: str, command: str }).optional(),
  }),
  attachment('hook_non_blocking_error', hookShape),
  attachment('hook_error_during_execution', hookShape),
  attachment('hook_cancelled', hookShape),
  attachment('hook_stopped_continuation', { ...hookShape, message: str }),
  attachment('hook_system_message', { ...hookShape, content: str }),
  attachment('hook_permission_decision', hookShape),
  attachment('hook_deferred_tool', hookShape),
  attachment('async_hook_response', hookShape),
  attachment('file', { filename: str, displayPath: str, content: fileContentSchema.optional(), truncated: bool }),
  attachment('edited_text_file', { filename: str, snippet: str }),
  attachment('compact_file_reference', { filename: str, displayPath: str }),
  attachment('nested_memory', {
    path: str,
    displayPath: str,
    content: z
      .looseObject({ type: str, path: str, content: str, contentDiffersFromDisk: bool })
      .optional(),
  }),
  attachment('plan_file_reference', { planFilePath: str, planContent: str }),
  attachment('plan_mode', { reminderType: str, isSubAgent: bool, planFilePath: str, planExists: bool }),
  attachment('plan_mode_exit', { planFilePath: str, planExists: bool }),
  attachment('invoked_skills', {
    skills: z.array(z.looseObject({ name: str, path: str, content: str })).optional(),
  }),
  attachment('skill_listing', { content: str, isInitial: bool, skillCount: num, names: strings }),
  attachment('dynamic_skill', { skillDir: str, skillNames: strings, displayPath: str }),
  attachment('agent_listing_delta', {
    addedTypes: strings,
    removedTypes: strings,
    addedLines: strings,
    isInitial: bool,
    showConcurrencyNote: bool,
  }),
  attachment('deferred_tools_delta', {
    addedNames: strings,
    addedLines: strings,
    removedNames: strings,
    readdedNames: strings,
    pendingMcpServers: strings,
    needsAuthMcpServers: strings,
  }),
  attachment('mcp_instructions_delta', {
    addedNames: strings,
    removedNames: strings,
    addedBlocks: z.array(z.unknown()).optional(),
  }),
  attachment('mcp_resource', {}),
  attachment('diagnostics', {}),
  attachment('queued_command', {
    prompt: stringOrArray(contentBlockSchema).optional(),
    commandMode: str,
    source_uuid: str,
    origin: promptOriginSchema.optional(),
    timestamp: str,
    isMeta: bool,
  }),
  attachment('command_permissions', { allowedTools: strings }),
  attachment('task_status', {
    taskId: str,
    taskType: str,
    description: str,
    status: str,
    deltaSummary: z.string().nullable().optional(),
    outputFilePath: str,
  }),
  attachment('todo_reminder', { content: z.array(todoItemSchema).optional(), itemCount: num }),
  attachment('task_reminder', { content: z.array(taskItemSchema).optional(), itemCount: num }),
  attachment('teammate_shutdown_batch', { count: num }),
  attachment('max_turns_reached', {}),
  attachment('structured_output', {}),
  attachment('date_change', { newDate: str }),
  attachment('read_truncation_notice', { banner: str, toolUseID: str }),
  attachment('auto_mode', { autoModeConsentFlow: bool, bashFirst: bool, steerOnly: bool, bypass: bool }),
  attachment('ultra_effort_enter', { reminderType: str }),
  attachment('ultra_effort_exit', {}),
  attachment('budget_usd', { used: num, total: num, remaining: num }),
  attachment('total_tokens_reminder', { text: str }),
  attachment('batching_reminder_sent', { text: str, model: str }),
  attachment('silent_turn_reminder', { text: str }),
] as const;

/** An attachment payload whose `type` this catalog does not know. */
export const unknownAttachmentPayloadSchema = z.looseObject({ type: z.string() });

/** `attachment.attachment`: a known payload validated by its `type`, or any object with a string `type`. */
export const attachmentPayloadSchema = openUnion('type', attachmentPayloadSchemas, unknownAttachmentPayloadSchema);
export type AttachmentPayload = z.infer<typeof attachmentPayloadSchema>;
export type KnownAttachmentPayload = z.infer<(typeof attachmentPayloadSchemas)[number]>;
export type AttachmentType = KnownAttachmentPayload['type'];

/** Known `attachment.attachment.type` values (for reporting unknown ones). */
export const attachmentTypes: readonly AttachmentType[] = attachmentPayloadSchemas.map(
  (schema) => schema.shape.type.value,
);
