import { z } from 'zod';

/** Where an SDK `forkSession` copy came from. */
export const forkedFromSchema = z.looseObject({
  sessionId: z.string(),
  messageUuid: z.string(),
});
export type ForkedFrom = z.infer<typeof forkedFromSchema>;

/**
 * The envelope the writer stamps on every conversation record (`user`, `assistant`, `system`,
 * `attachment`, `progress`), spec section 1.2. `uuid` and `sessionId` are always present; the rest is
 * optional because versions, synthetic records and fixtures differ. `timestamp` is a string, not
 * checked as ISO-8601: missing and malformed timestamps exist in real logs (fixed in 2.1.69).
 */
export const chainEnvelopeShape = {
  uuid: z.string(),
  /** `null` for chain roots (first record, `compact_boundary`). */
  parentUuid: z.string().nullable().optional(),
  logicalParentUuid: z.string().nullable().optional(),
  isSidechain: z.boolean().optional(),
  /** `external` in public builds. */
  userType: z.string().optional(),
  cwd: z.string().optional(),
  /** The parent session's id in subagent files. */
  sessionId: z.string(),
  /** A snake_case twin of `sessionId` written by SDK-launched sessions. */
  session_id: z.string().optional(),
  version: z.string().optional(),
  gitBranch: z.string().optional(),
  agentId: z.string().optional(),
  slug: z.string().optional(),
  teamName: z.string().optional(),
  agentName: z.string().optional(),
  /** e.g. `bg` for background sessions. */
  sessionKind: z.string().optional(),
  /** `cli`, `sdk-ts`, `sdk-py`, `claude-vscode`, … */
  entrypoint: z.string().optional(),
  timestamp: z.string().optional(),
  isMeta: z.boolean().nullable().optional(),
  forkedFrom: forkedFromSchema.optional(),
};
