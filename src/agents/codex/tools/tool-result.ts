import { z } from 'zod';
import { boundDepth } from '../../../schemas/common/bound-depth.js';
import { forwardIssues } from '../../../schemas/common/open-union.js';
import type { ParsedShellOutput } from '../schemas/parse-tool-io.js';

/** A decoded tool output (`parseCodexToolOutput`): the result schema of shell-like and text tools. */
export const parsedShellOutputSchema = z.object({
  text: z.string(),
  exitCode: z.number().exactOptional(),
  durationSeconds: z.number().exactOptional(),
  totalOutputLines: z.number().exactOptional(),
  processSessionId: z.number().exactOptional(),
  chunkId: z.string().exactOptional(),
  originalTokenCount: z.number().exactOptional(),
  format: z.enum(['json', 'exit-code-text', 'plain', 'items']),
}) satisfies z.ZodType<ParsedShellOutput>;

/**
 * Result of a tool that answers with a JSON object (collab and MCP-resource tools): takes the decoded output
 * and yields the object, checked against `schema`. Output text that is not JSON (an error message) is kept
 * as the decoded output.
 */
export function jsonToolResult<S extends z.ZodType>(
  schema: S,
): z.ZodType<z.output<S> | ParsedShellOutput, ParsedShellOutput> {
  return parsedShellOutputSchema.transform((output, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(output.text);
    } catch {
      return output;
    }
    boundDepth(value);
    const result = schema.safeParse(value);
    if (result.success) return result.data as z.output<S>;
    forwardIssues(ctx, result, []);
    return z.NEVER;
  });
}

/** Result of a tool whose output never reaches the log (hosted web search). */
export const noOutputResult = z.never().describe('No output item: results stay model-internal');
