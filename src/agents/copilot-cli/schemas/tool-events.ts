import { z } from 'zod';

/**
 * Data of `tool.execution_start` and `tool.execution_complete`, paired with the assistant message's tool
 * request by `toolCallId`. `success: true` does not mean a shell command succeeded: a non-zero exit is in
 * `shellExecution.exitCode` (tool-exercise.jsonl line 32).
 */

/** `tool.execution_start`: a copy of the request as the tool starts (`arguments` parsed). */
export const copilotToolStartSchema = z.looseObject({
  toolCallId: z.string(),
  toolName: z.string().nullish(),
  arguments: z.unknown().optional(),
  turnId: z.string().nullish(),
  model: z.string().nullish(),
  toolTitle: z.string().nullish(),
  parentToolCallId: z.string().nullish(),
  shellToolInfo: z
    .looseObject({
      possiblePaths: z.array(z.string()).nullish(),
      hasWriteFileRedirection: z.boolean().nullish(),
    })
    .nullish(),
  rte: z.boolean().nullish(),
});

/** The model-facing result: `content`, and a longer `detailedContent` (a diff for file tools). */
export const copilotToolResultSchema = z.looseObject({
  content: z.unknown().optional(),
  detailedContent: z.unknown().optional(),
});

/** A failed call's error. */
export const copilotToolErrorSchema = z.looseObject({
  message: z.string().nullish(),
  code: z.string().nullish(),
});

/** `tool.execution_complete`: the result (or error) of one call. */
export const copilotToolCompleteSchema = z.looseObject({
  toolCallId: z.string(),
  success: z.boolean().nullish(),
  result: copilotToolResultSchema.nullish(),
  error: z.union([copilotToolErrorSchema, z.string()]).nullish(),
  model: z.string().nullish(),
  interactionId: z.string().nullish(),
  turnId: z.string().nullish(),
  parentToolCallId: z.string().nullish(),
  shellExecution: z.looseObject({ exitCode: z.number().nullish() }).nullish(),
  fileEdits: z.array(z.looseObject({ path: z.string().nullish(), kind: z.string().nullish() })).nullish(),
  toolTelemetry: z
    .looseObject({
      properties: z.record(z.string(), z.unknown()).nullish(),
      restrictedProperties: z.record(z.string(), z.unknown()).nullish(),
      metrics: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  rte: z.boolean().nullish(),
});
