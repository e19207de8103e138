import { z } from 'zod';
import { contextAttachmentPayloadSchemas } from './attachment-context-payloads.js';
import { attachmentPayload } from './attachment-payload.js';
import { signalAttachmentPayloadSchemas } from './attachment-signal-payloads.js';
import { openUnion } from './dispatch-schema.js';

/**
 * Attachment types known by name only (CC 2.1.288's writer, per a third-party catalog): accepted by
 * `type`, fields not catalogued (so `unknownKeys` reports them, which is how they get catalogued).
 */
const namedOnlyAttachmentTypes = [
  'advisor_stripped',
  'artifact_opening_prefetch',
  'async_hook_response_batch',
  'attention_budget',
  'batching_reminder',
  'context_efficiency',
  'context_sections',
  'coordinator_context',
  'cowork_memory_context',
  'critical_system_reminder',
  'dir_sync_notice',
  'edited_image_file',
  'fork_briefing',
  'inlined_image_paths',
  'language',
  'mcp_dropped_tools_delta',
  'memory_update',
  'opened_file_in_ide',
  'output_token_usage',
  'peer_mention',
  'plan_mode_reentry',
  'poll_events',
  'prefix_delta',
  'proactivity',
  'prompt_render_point',
  'sandbox_instructions',
  'secondary_reminder',
  'secondary_reminder_sent',
  'session_settings',
  'skill_mention',
  'team_context',
  'thread_state',
  'token_usage',
  'tool_search_usage_reminder',
  'unknown_command_fallback',
  'workflow_keyword_request',
  'workflow_size_guideline_change',
] as const;

const attachmentPayloadSchemas = [
  ...contextAttachmentPayloadSchemas,
  ...signalAttachmentPayloadSchemas,
  ...namedOnlyAttachmentTypes.map((type) => attachmentPayload(type, {})),
];

/** An attachment payload whose `type` this catalog does not know. */
export const unknownAttachmentPayloadSchema = z.looseObject({ type: z.string() });

export type KnownAttachmentPayload =
  | z.infer<(typeof contextAttachmentPayloadSchemas)[number]>
  | z.infer<(typeof signalAttachmentPayloadSchemas)[number]>
  | { type: (typeof namedOnlyAttachmentTypes)[number]; [key: string]: unknown };
export type AttachmentType = KnownAttachmentPayload['type'];
/** The attachment payload of type `T`. */
export type AttachmentPayloadOfType<T extends AttachmentType> = Extract<KnownAttachmentPayload, { type: T }>;
export type UnknownAttachmentPayload = z.infer<typeof unknownAttachmentPayloadSchema>;

/**
 * `attachment.attachment` (spec section 1.8, an open set): a known payload validated by its `type`, or
 * any object with a string `type`.
 */
export const attachmentPayloadSchema: z.ZodType<KnownAttachmentPayload | UnknownAttachmentPayload> =
  openUnion('type', attachmentPayloadSchemas, unknownAttachmentPayloadSchema);
export type AttachmentPayload = z.infer<typeof attachmentPayloadSchema>;

/** Known `attachment.attachment.type` values (for reporting unknown ones). */
export const attachmentTypes: readonly AttachmentType[] = attachmentPayloadSchemas.map(
  (schema) => schema.shape.type.value,
);
