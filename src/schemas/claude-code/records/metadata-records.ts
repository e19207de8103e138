import { z } from 'zod';
import { contentBlockSchema } from '../content-blocks.js';
import { stringOrArray } from './dispatch-schema.js';

// Session metadata records (spec section 1.3): no `uuid`/`parentUuid`, usually keyed by `sessionId`,
// re-appended freely (last wins). Records marked "opaque" have no catalogued fields.

const str = z.string().optional();

function record<const T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ type: z.literal(type), ...shape });
}

/** An AI summary keyed by the leaf message uuid (the leaf may live in another file). Mostly ≤ 2.0.x. */
export const summaryRecordSchema = record('summary', { summary: z.string(), leafUuid: z.string() });
export type SummaryRecord = z.infer<typeof summaryRecordSchema>;

/** `/rename` title. */
export const customTitleRecordSchema = record('custom-title', { customTitle: z.string(), sessionId: z.string() });
export type CustomTitleRecord = z.infer<typeof customTitleRecordSchema>;

export const aiTitleRecordSchema = record('ai-title', { aiTitle: z.string(), sessionId: z.string() });
export type AiTitleRecord = z.infer<typeof aiTitleRecordSchema>;

export const tagRecordSchema = record('tag', { tag: z.string(), sessionId: z.string() });
export type TagRecord = z.infer<typeof tagRecordSchema>;

/** The last prompt (≤ 200 chars, `…`-suffixed). */
export const lastPromptRecordSchema = record('last-prompt', {
  lastPrompt: z.string(),
  sessionId: z.string(),
  leafUuid: str,
});
export type LastPromptRecord = z.infer<typeof lastPromptRecordSchema>;

export const agentNameRecordSchema = record('agent-name', { agentName: z.string(), sessionId: z.string() });
export type AgentNameRecord = z.infer<typeof agentNameRecordSchema>;

export const agentColorRecordSchema = record('agent-color', { agentColor: z.string(), sessionId: z.string() });
export type AgentColorRecord = z.infer<typeof agentColorRecordSchema>;

export const agentSettingRecordSchema = record('agent-setting', { agentSetting: z.unknown(), sessionId: z.string() });
export type AgentSettingRecord = z.infer<typeof agentSettingRecordSchema>;

export const modeRecordSchema = record('mode', { mode: z.string(), sessionId: str });
export type ModeRecord = z.infer<typeof modeRecordSchema>;

/** `default`, `acceptEdits`, `bypassPermissions`, `plan`, `dontAsk`, `auto`. */
export const permissionModeRecordSchema = record('permission-mode', {
  permissionMode: z.string(),
  sessionId: z.string(),
});
export type PermissionModeRecord = z.infer<typeof permissionModeRecordSchema>;

/** The worktree a session entered (`null` after leaving it). */
export const worktreeSessionSchema = z.looseObject({
  originalCwd: str,
  preEnterOriginalCwd: str,
  worktreePath: str,
  worktreeName: str,
  worktreeBranch: str,
  originalBranch: str,
  originalHeadCommit: str,
  sessionId: str,
  enteredExisting: z.boolean().optional(),
});
export type WorktreeSession = z.infer<typeof worktreeSessionSchema>;

export const worktreeStateRecordSchema = record('worktree-state', {
  worktreeSession: worktreeSessionSchema.nullable(),
  sessionId: z.string(),
});
export type WorktreeStateRecord = z.infer<typeof worktreeStateRecordSchema>;

export const prLinkRecordSchema = record('pr-link', {
  prNumber: z.number(),
  prUrl: z.string(),
  prRepository: z.string(),
  sessionId: z.string(),
  timestamp: str,
});
export type PrLinkRecord = z.infer<typeof prLinkRecordSchema>;

/** A link to a rendered artifact (preview frame). */
export const frameLinkRecordSchema = record('frame-link', {
  sessionId: z.string(),
  path: str,
  frameUrl: str,
  title: str,
  timestamp: str,
});
export type FrameLinkRecord = z.infer<typeof frameLinkRecordSchema>;

/** One tracked file of a file-history snapshot (`backupFileName: null` = file did not exist). */
export const trackedFileBackupSchema = z.looseObject({
  backupFileName: z.string().nullable(),
  version: z.number(),
  backupTime: z.string(),
});
export type TrackedFileBackup = z.infer<typeof trackedFileBackupSchema>;

/** Checkpoint/rewind bookkeeping, keyed by the message id it belongs to. */
export const fileHistorySnapshotRecordSchema = record('file-history-snapshot', {
  messageId: z.string(),
  snapshot: z.looseObject({
    messageId: z.string(),
    trackedFileBackups: z.record(z.string(), trackedFileBackupSchema),
    timestamp: z.string(),
  }),
  isSnapshotUpdate: z.boolean(),
});
export type FileHistorySnapshotRecord = z.infer<typeof fileHistorySnapshotRecordSchema>;

/** Delta variant of `file-history-snapshot` (opaque). */
export const fileHistoryDeltaRecordSchema = record('file-history-delta', { messageId: str });
export type FileHistoryDeltaRecord = z.infer<typeof fileHistoryDeltaRecordSchema>;

export const attributionSnapshotRecordSchema = record('attribution-snapshot', { messageId: str });
export type AttributionSnapshotRecord = z.infer<typeof attributionSnapshotRecordSchema>;

/**
 * A prompt queued while the agent works: `enqueue`, `dequeue`, `remove`, `popAll` (the last two inject
 * steering text mid-turn).
 */
export const queueOperationRecordSchema = record('queue-operation', {
  operation: z.string(),
  timestamp: str,
  sessionId: z.string(),
  content: stringOrArray(contentBlockSchema).optional(),
});
export type QueueOperationRecord = z.infer<typeof queueOperationRecordSchema>;

/** Large tool-result replacement bookkeeping. */
export const contentReplacementRecordSchema = record('content-replacement', {
  sessionId: z.string(),
  agentId: str,
  replacements: z.array(z.record(z.string(), z.unknown())),
});
export type ContentReplacementRecord = z.infer<typeof contentReplacementRecordSchema>;

export const speculationAcceptRecordSchema = record('speculation-accept', {
  timestamp: str,
  timeSavedMs: z.number(),
});
export type SpeculationAcceptRecord = z.infer<typeof speculationAcceptRecordSchema>;

/** "Context collapse" bookkeeping (opaque). */
export const marbleOrigamiCommitRecordSchema = record('marble-origami-commit', { sessionId: str });
export type MarbleOrigamiCommitRecord = z.infer<typeof marbleOrigamiCommitRecordSchema>;

export const marbleOrigamiSnapshotRecordSchema = record('marble-origami-snapshot', { sessionId: str });
export type MarbleOrigamiSnapshotRecord = z.infer<typeof marbleOrigamiSnapshotRecordSchema>;

/** CC 2.0.0–2.0.30 checkpoints. */
export const checkpointRecordSchema = record('checkpoint', {
  sessionId: z.string(),
  commit: str,
  timestamp: str,
  label: str,
  id: str,
});
export type CheckpointRecord = z.infer<typeof checkpointRecordSchema>;

export const continuedInRecordSchema = record('continued-in', { continuedInSessionId: z.string(), sessionId: str });
export type ContinuedInRecord = z.infer<typeof continuedInRecordSchema>;

/** The project moved to `relocatedCwd`. */
export const relocatedRecordSchema = record('relocated', { relocatedCwd: z.string(), sessionId: z.string() });
export type RelocatedRecord = z.infer<typeof relocatedRecordSchema>;

export const toolsUsedRecordSchema = record('tools-used', { tools: z.array(z.string()), sessionId: str });
export type ToolsUsedRecord = z.infer<typeof toolsUsedRecordSchema>;

export const atisLatchRecordSchema = record('atis-latch', { atis: z.unknown(), sessionId: str });
export type AtisLatchRecord = z.infer<typeof atisLatchRecordSchema>;

/** A link to a bridged (desktop ↔ CLI/cloud) session. */
export const bridgeSessionRecordSchema = record('bridge-session', {
  sessionId: z.string(),
  bridgeSessionId: str,
  lastSequenceNum: z.number().optional(),
  ownerAccountUuid: str,
  ownerOrganizationUuid: str,
});
export type BridgeSessionRecord = z.infer<typeof bridgeSessionRecordSchema>;

/** Opaque metadata records: names from the SDK 0.3.330 reader and third-party parsers. */
function opaque<const T extends string>(type: T) {
  return record(type, { sessionId: str });
}
export const derivedFromRecordSchema = opaque('derived-from');
export type DerivedFromRecord = z.infer<typeof derivedFromRecordSchema>;
export const dataFlowRecordsRecordSchema = opaque('data-flow-records');
export type DataFlowRecordsRecord = z.infer<typeof dataFlowRecordsRecordSchema>;
export const dataFlowIncompleteRecordSchema = opaque('data-flow-incomplete');
export type DataFlowIncompleteRecord = z.infer<typeof dataFlowIncompleteRecordSchema>;
export const historySuppressionRecordSchema = opaque('history-suppression');
export type HistorySuppressionRecord = z.infer<typeof historySuppressionRecordSchema>;
export const hybridOrganizationRecordSchema = opaque('hybrid-organization');
export type HybridOrganizationRecord = z.infer<typeof hybridOrganizationRecordSchema>;
export const costStateRecordSchema = opaque('cost-state');
export type CostStateRecord = z.infer<typeof costStateRecordSchema>;
export const artifactAutoreactLedgerRecordSchema = opaque('artifact-autoreact-ledger');
export type ArtifactAutoreactLedgerRecord = z.infer<typeof artifactAutoreactLedgerRecordSchema>;
export const artifactCommentMonitorRecordSchema = opaque('artifact-comment-monitor');
export type ArtifactCommentMonitorRecord = z.infer<typeof artifactCommentMonitorRecordSchema>;
export const forkContextRefRecordSchema = opaque('fork-context-ref');
export type ForkContextRefRecord = z.infer<typeof forkContextRefRecordSchema>;
export const telemetryLatchRecordSchema = opaque('telemetry-latch');
export type TelemetryLatchRecord = z.infer<typeof telemetryLatchRecordSchema>;
/** An opaque metadata record (`derived-from`, `cost-state`, …): only `type` and maybe `sessionId` are known. */
export type OpaqueMetadataRecord =
  | DerivedFromRecord
  | DataFlowRecordsRecord
  | DataFlowIncompleteRecord
  | HistorySuppressionRecord
  | HybridOrganizationRecord
  | CostStateRecord
  | ArtifactAutoreactLedgerRecord
  | ArtifactCommentMonitorRecord
  | ForkContextRefRecord
  | TelemetryLatchRecord;
