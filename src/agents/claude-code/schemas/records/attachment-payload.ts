import { z } from 'zod';

/** Optional field helpers shared by the attachment payload catalogs. */
export const str = z.string().optional();
export const num = z.number().optional();
export const bool = z.boolean().optional();
export const strings = z.array(z.string()).optional();

/** One attachment payload: the `type` literal plus its (loose, mostly optional) fields. */
export function attachmentPayload<const T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ type: z.literal(type), ...shape });
}

/** Fields the hook outcome attachments share. */
export const hookOutcomeShape = {
  hookName: str,
  /** `PreToolUse`, `PostToolUse`, `Stop`, `SessionStart`, … */
  hookEvent: str,
  toolUseID: str,
  command: str,
  stdout: str,
  stderr: str,
  exitCode: num,
  durationMs: num,
};
