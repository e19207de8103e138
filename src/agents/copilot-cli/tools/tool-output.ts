import { z } from 'zod';

/**
 * The structured result every Copilot CLI tool call gets: the `tool.execution_complete` fields (or, in the
 * legacy document, the timeline entry's `result`). Tools return text; there is no per-tool result shape.
 */
export const copilotToolOutputSchema = z.looseObject({
  success: z.boolean().optional(),
  content: z.unknown().optional().describe('The model-facing text'),
  detailedContent: z
    .unknown()
    .optional()
    .describe('The longer text shown to the user (a diff for file tools)'),
  error: z.unknown().optional(),
  exitCode: z.number().optional().describe('`shellExecution.exitCode`, or the exit code line of the text'),
  fileEdits: z.array(z.looseObject({})).optional(),
});
export type CopilotToolOutput = z.infer<typeof copilotToolOutputSchema>;
