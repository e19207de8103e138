import { z } from 'zod';
import { openUnion } from './dispatch-schema.js';

// Payloads of `progress.data` (spec section 1.7; progress records were persisted ≈2.1.9–2.1.84).

const str = z.string().optional();
const num = z.number().optional();

const shellProgressShape = {
  output: str,
  fullOutput: str,
  elapsedTimeSeconds: num,
  totalLines: num,
  totalBytes: num,
  taskId: str,
  timeoutMs: num,
};

const progressDataSchemas = [
  z.looseObject({
    type: z.literal('hook_progress'),
    hookEvent: str,
    hookName: str,
    command: str,
    promptText: str,
  }),
  z.looseObject({ type: z.literal('bash_progress'), ...shellProgressShape }),
  z.looseObject({ type: z.literal('powershell_progress'), ...shellProgressShape }),
  z.looseObject({
    type: z.literal('agent_progress'),
    /** The subagent's latest transcript message (a user or assistant record body). */
    message: z.unknown().optional(),
    normalizedMessages: z.array(z.unknown()).optional(),
    prompt: str,
    agentId: str,
  }),
  z.looseObject({
    type: z.literal('mcp_progress'),
    /** `started`, `progress`, `completed`, `failed`. */
    status: str,
    serverName: str,
    toolName: str,
    progress: num,
    total: num,
    progressMessage: str,
  }),
  z.looseObject({ type: z.literal('skill_progress') }),
  z.looseObject({ type: z.literal('task_progress') }),
  z.looseObject({ type: z.literal('tool_progress') }),
  z.looseObject({ type: z.literal('tool_heartbeat') }),
  z.looseObject({ type: z.literal('waiting_for_task') }),
  z.looseObject({ type: z.literal('query_update') }),
  z.looseObject({ type: z.literal('search_results_received') }),
  /** CC 2.0.0's hook progress. */
  z.looseObject({ type: z.literal('running_hook'), hookName: str, command: str }),
] as const;

/** A progress payload whose `type` this catalog does not know. */
export const unknownProgressDataSchema = z.looseObject({ type: z.string() });

/** `progress.data`: a known payload validated by its `type`, or any object with a string `type`. */
export const progressDataSchema = openUnion('type', progressDataSchemas, unknownProgressDataSchema);
export type ProgressData = z.infer<typeof progressDataSchema>;
export type KnownProgressData = z.infer<(typeof progressDataSchemas)[number]>;
export type ProgressDataType = KnownProgressData['type'];

/** Known `progress.data.type` values (for reporting unknown ones). */
export const progressDataTypes: readonly ProgressDataType[] = progressDataSchemas.map(
  (schema) => schema.shape.type.value,
);
