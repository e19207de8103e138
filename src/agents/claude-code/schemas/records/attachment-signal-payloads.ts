import { z } from 'zod';
import { contentBlockSchema } from '../content-blocks.js';
import { attachmentPayload, bool, hookOutcomeShape, num, str, strings } from './attachment-payload.js';
import { stringOrArray } from './dispatch-schema.js';

// Attachments that report runtime signals: hook outcomes, reminders, task status, queued prompts, plan
// and auto mode, thinking bookkeeping. Field lists: spec section 1.8, real logs, and a third-party
// catalog checked against CC 2.1.221–2.1.289 sessions.

/**
 * Where a user-side message came from (`user.origin`, `queued_command.origin`). `kind`: `human`,
 * `task-notification`, `peer`, `channel`, `coordinator`, `observer`, `auto-continuation`, …
 */
export const promptOriginSchema = z.looseObject({
  kind: z.string(),
  subkind: str,
  from: str,
  senderTaskId: str,
  server: str,
  fromMode: str,
  name: str,
  fromSession: str,
  inbound_origin: str,
  body: str,
  verifiedPeerPid: num,
  handback: bool,
  hopChain: strings,
  msg_id: str,
  fireReason: str,
  producer: str,
});
export type PromptOrigin = z.infer<typeof promptOriginSchema>;

/** A TodoWrite item as reminders and `user.todos` carry it (older items have `id`/`priority`). */
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

const messageIndex = z.looseObject({ messageIndex: num, blockIndex: num });

export const signalAttachmentPayloadSchemas = [
  attachmentPayload('hook_success', { ...hookOutcomeShape, content: str }),
  attachmentPayload('hook_additional_context', {
    ...hookOutcomeShape,
    content: stringOrArray(z.string()).optional(),
  }),
  attachmentPayload('hook_blocking_error', {
    ...hookOutcomeShape,
    blockingError: z.looseObject({ blockingError: str, command: str }).optional(),
  }),
  attachmentPayload('hook_non_blocking_error', hookOutcomeShape),
  attachmentPayload('hook_error_during_execution', hookOutcomeShape),
  attachmentPayload('hook_cancelled', { ...hookOutcomeShape, timedOut: bool, timeoutMs: num }),
  attachmentPayload('hook_stopped_continuation', { ...hookOutcomeShape, message: str }),
  attachmentPayload('hook_system_message', { ...hookOutcomeShape, content: str }),
  attachmentPayload('hook_permission_decision', hookOutcomeShape),
  attachmentPayload('hook_deferred_tool', hookOutcomeShape),
  attachmentPayload('async_hook_response', hookOutcomeShape),
  attachmentPayload('queued_command', {
    prompt: stringOrArray(contentBlockSchema).optional(),
    /** `prompt`, `task-notification`, … */
    commandMode: str,
    source_uuid: str,
    delivery_id: str,
    reminderId: str,
    humanTurn: bool,
    origin: promptOriginSchema.optional(),
    timestamp: str,
    isMeta: bool,
    usage: z.looseObject({ durationMs: num, toolUses: num, totalTokens: num }).optional(),
  }),
  attachmentPayload('command_permissions', { allowedTools: strings }),
  attachmentPayload('plan_mode', {
    reminderType: str,
    isSubAgent: bool,
    planFilePath: str,
    planExists: bool,
  }),
  attachmentPayload('plan_mode_exit', { planFilePath: str, planExists: bool }),
  attachmentPayload('auto_mode', {
    autoModeConsentFlow: bool,
    bashFirst: bool,
    bashFirstSteer: str,
    steerOnly: bool,
    bypass: bool,
  }),
  attachmentPayload('auto_mode_exit', { bashFirst: bool, steerOnly: bool }),
  attachmentPayload('task_status', {
    taskId: str,
    /** `local_bash`, `local_agent`, `local_workflow`, `mcp_task`, … */
    taskType: str,
    description: str,
    /** `running`, `completed`, `failed`, … */
    status: str,
    deltaSummary: z.string().nullable().optional(),
    outputFilePath: str,
    shell: z.looseObject({ command: str, kind: str, toolUseId: str }).optional(),
  }),
  attachmentPayload('todo_reminder', { content: z.array(todoItemSchema).optional(), itemCount: num }),
  attachmentPayload('task_reminder', { content: z.array(taskItemSchema).optional(), itemCount: num }),
  attachmentPayload('goal_status', {
    condition: str,
    met: bool,
    durationMs: num,
    iterations: num,
    reason: str,
    sentinel: bool,
    tokens: num,
  }),
  attachmentPayload('teammate_shutdown_batch', { count: num }),
  attachmentPayload('max_turns_reached', {}),
  attachmentPayload('read_truncation_notice', { banner: str, toolUseID: str }),
  attachmentPayload('bash_output_audience_note', { toolUseID: str }),
  attachmentPayload('remote_session_change', {
    commit: str,
    pr: str,
    url: z.string().nullable().optional(),
    sendUserFileHint: bool,
    managedCommit: bool,
    managedPr: bool,
  }),
  attachmentPayload('thinking_drop', {
    blockHashes: strings,
    firstReportForThreadInProcess: bool,
    model: str,
    querySource: str,
    requestId: str,
    thinkingBlocksSent: num,
    thinkingTurnsSent: num,
    clientChange: z
      .looseObject({ baseline: str, callNumber: num, firstChangedMessageIndex: num, kinds: str })
      .optional(),
    newlyDropped: z
      .looseObject({
        blockCount: num,
        turnCount: num,
        reason: str,
        first: messageIndex.optional(),
        last: messageIndex.optional(),
        reasonCounts: z.record(z.string(), z.number()).optional(),
      })
      .optional(),
  }),
  attachmentPayload('thinking_stripped', { scope: str }),
  attachmentPayload('ultra_effort_enter', { reminderType: str }),
  attachmentPayload('ultra_effort_exit', {}),
  attachmentPayload('ultrathink_effort', {}),
  attachmentPayload('budget_usd', { used: num, total: num, remaining: num }),
  attachmentPayload('total_tokens_reminder', { text: str }),
  attachmentPayload('batching_reminder_sent', { text: str, model: str, clearAt: str }),
  attachmentPayload('silent_turn_reminder', { text: str }),
] as const;
