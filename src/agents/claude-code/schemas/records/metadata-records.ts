import { z } from 'zod';
import { contentBlockSchema } from '../content-blocks.js';
import { stringOrArray } from './dispatch-schema.js';

// Session metadata records (spec section 1.3): no `uuid`/`parentUuid`, usually keyed by `sessionId`,
// re-appended freely (last wins). Records marked "opaque" have no catalogued fields.

const str = z.string().optional();
const num = z.number().optional();

function record<const T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.looseObject({ type: z.literal(type), ...shape });
}

/** An AI summary keyed by the leaf message uuid (the leaf may live in another file). Mostly ≤ 2.0.x. */
export const summaryRecordSchema = record('summary', { summary: z.string(), leafUuid: z.string() });
export type SummaryRecord = z.infer<typeof summaryRecordSchema>;

/** `/rename` title. */
export const customTitleRecordSchema = record('custom-title', {
  customTitle: z.string(),
  sessionId: z.string(),
});
export type CustomTitleRecord = z.infer<typeof customTitleRecordSchema>;

export const aiTitleRecordSchema = record('ai-title', { aiTitle: z.string(), sessionId: z.string() });
export type AiTitleRecord = z.infer<typeof aiTitleRecordSchema>;

export const tagRecordSchema = record('tag', { tag: z.string(), sessionId: z.string() });
export type TagRecord = z.infer<typeof tagRecordSchema>;

/** The last prompt (≤ 200 chars, `…`-suffixed; absent when the last turn had no typed prompt). */
export const lastPromptRecordSchema = record('last-prompt', {
  lastPrompt: str,
  sessionId: z.string(),
  leafUuid: str,
});
export type LastPromptRecord = z.infer<typeof lastPromptRecordSchema>;

export const agentNameRecordSchema = record('agent-name', { agentName: z.string(), sessionId: z.string() });
export type AgentNameRecord = z.infer<typeof agentNameRecordSchema>;

export const agentColorRecordSchema = record('agent-color', {
  agentColor: z.string(),
  sessionId: z.string(),
});
export type AgentColorRecord = z.infer<typeof agentColorRecordSchema>;

export const agentSettingRecordSchema = record('agent-setting', {
  agentSetting: z.string(),
  sessionId: z.string(),
});
export type AgentSettingRecord = z.infer<typeof agentSettingRecordSchema>;

/** `normal` or `coordinator`. */
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

/** The worktree binding of the session; `worktreeSession: null` when it leaves the worktree. */
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
  artifactCount: z.number().optional(),
  timestamp: str,
});
export type FrameLinkRecord = z.infer<typeof frameLinkRecordSchema>;

/** One tracked file of a file-history snapshot (`backupFileName: null` = file did not exist). */
export const trackedFileBackupSchema = z.looseObject({
  backupFileName: z.string().nullable(),
  version: z.number(),
  backupTime: z.string(),
  realParentDir: str,
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

/** One tracked file's backup added to the snapshot of `snapshotMessageId`. */
export const fileHistoryDeltaRecordSchema = record('file-history-delta', {
  messageId: z.string(),
  snapshotMessageId: str,
  timestamp: str,
  trackingPath: str,
  backup: trackedFileBackupSchema.optional(),
});
export type FileHistoryDeltaRecord = z.infer<typeof fileHistoryDeltaRecordSchema>;

export const attributionSnapshotRecordSchema = record('attribution-snapshot', {
  messageId: str,
  sessionId: str,
});
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
  commandUuid: str,
  deliveryId: str,
  /** `absorbed_mid_turn`, `delivered_to_agent`, … */
  reason: str,
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

export const continuedInRecordSchema = record('continued-in', {
  continuedInSessionId: z.string(),
  sessionId: str,
  timestamp: str,
});
export type ContinuedInRecord = z.infer<typeof continuedInRecordSchema>;

/** The project moved to `relocatedCwd`. */
export const relocatedRecordSchema = record('relocated', { relocatedCwd: z.string(), sessionId: z.string() });
export type RelocatedRecord = z.infer<typeof relocatedRecordSchema>;

export const toolsUsedRecordSchema = record('tools-used', { tools: z.array(z.string()), sessionId: str });
export type ToolsUsedRecord = z.infer<typeof toolsUsedRecordSchema>;

export const atisLatchRecordSchema = record('atis-latch', { atis: z.string(), sessionId: str });
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

/** Token and cost totals of one model in a `cost-state` record. */
export const modelUsageSchema = z.looseObject({
  inputTokens: num,
  outputTokens: num,
  thinkingTokens: num,
  cacheReadInputTokens: num,
  cacheCreationInputTokens: num,
  webSearchRequests: num,
  costUSD: num,
  contextWindow: num,
  maxOutputTokens: num,
  canonicalModel: str,
});
export type ModelUsage = z.infer<typeof modelUsageSchema>;

/** Session cost and duration totals (per model in `modelUsage`). */
export const costStateRecordSchema = record('cost-state', {
  sessionId: z.string(),
  hasUnknownModelCost: z.boolean().optional(),
  modelUsage: z.record(z.string(), modelUsageSchema).optional(),
  startTime: num,
  totalAPIDuration: num,
  totalAPIDurationWithoutRetries: num,
  totalCostUSD: num,
  totalDuration: num,
  totalLinesAdded: num,
  totalLinesRemoved: num,
  totalToolDuration: num,
});
export type CostStateRecord = z.infer<typeof costStateRecordSchema>;

export const historySuppressionRecordSchema = record('history-suppression', {
  sessionId: str,
  cause: str,
  vetoedAgainstAccountUuid: str,
  ts: str,
});
export type HistorySuppressionRecord = z.infer<typeof historySuppressionRecordSchema>;

export const forkContextRefRecordSchema = record('fork-context-ref', { agentId: str, sessionId: str });
export type ForkContextRefRecord = z.infer<typeof forkContextRefRecordSchema>;

export const artifactCommentMonitorRecordSchema = record('artifact-comment-monitor', {
  sessionId: str,
  v: num,
  artifacts: z.unknown().optional(),
});
export type ArtifactCommentMonitorRecord = z.infer<typeof artifactCommentMonitorRecordSchema>;

export const artifactAutoreactLedgerRecordSchema = record('artifact-autoreact-ledger', {
  sessionId: str,
  v: num,
  accountUuid: str,
  artifacts: z.unknown().optional(),
});
export type ArtifactAutoreactLedgerRecord = z.infer<typeof artifactAutoreactLedgerRecordSchema>;

export const endedByModelRecordSchema = record('ended-by-model', { sessionId: str, timestamp: str });
export type EndedByModelRecord = z.infer<typeof endedByModelRecordSchema>;

export const isolationLatchRecordSchema = record('isolation-latch', { sessionId: str, side: str });
export type IsolationLatchRecord = z.infer<typeof isolationLatchRecordSchema>;

export const devModsRecordSchema = record('dev-mods', { sessionId: str, folder: str });
export type DevModsRecord = z.infer<typeof devModsRecordSchema>;

export const memoryModeRecordSchema = record('memory-mode', {
  sessionId: str,
  mode: str,
  afterUuid: str,
  timestamp: str,
  reason: str,
  account: str,
  accountChoice: str,
});
export type MemoryModeRecord = z.infer<typeof memoryModeRecordSchema>;

export const observerRefRecordSchema = record('observer-ref', { sessionId: str, timestamp: str });
export type ObserverRefRecord = z.infer<typeof observerRefRecordSchema>;

const requestVersion = z.union([z.string(), z.number()]).optional();

/** API request bookkeeping: the request shape, message blobs and requests (bodies opaque). */
export const apiRequestShapeRecordSchema = record('api-request-shape', {
  sessionId: str,
  agentId: str,
  shapeHash: str,
  timestamp: str,
  version: requestVersion,
  shape: z.unknown().optional(),
});
export type ApiRequestShapeRecord = z.infer<typeof apiRequestShapeRecordSchema>;

export const apiRequestBlobRecordSchema = record('api-request-blob', {
  sessionId: str,
  agentId: str,
  hash: str,
  message: z.unknown().optional(),
});
export type ApiRequestBlobRecord = z.infer<typeof apiRequestBlobRecordSchema>;

export const apiRequestRecordSchema = record('api-request', {
  sessionId: str,
  agentId: str,
  id: str,
  timestamp: str,
  version: requestVersion,
  querySource: str,
  shapeHash: str,
  params: z.unknown().optional(),
});
export type ApiRequestRecord = z.infer<typeof apiRequestRecordSchema>;

/** Opaque metadata records: names from the SDK 0.3.330 reader and third-party parsers, fields unknown. */
function opaque<const T extends string>(type: T) {
  return record(type, { sessionId: str });
}
export const derivedFromRecordSchema = opaque('derived-from');
export type DerivedFromRecord = z.infer<typeof derivedFromRecordSchema>;
export const dataFlowRecordsRecordSchema = opaque('data-flow-records');
export type DataFlowRecordsRecord = z.infer<typeof dataFlowRecordsRecordSchema>;
export const dataFlowIncompleteRecordSchema = opaque('data-flow-incomplete');
export type DataFlowIncompleteRecord = z.infer<typeof dataFlowIncompleteRecordSchema>;
export const hybridOrganizationRecordSchema = opaque('hybrid-organization');
export type HybridOrganizationRecord = z.infer<typeof hybridOrganizationRecordSchema>;
export const telemetryLatchRecordSchema = opaque('telemetry-latch');
export type TelemetryLatchRecord = z.infer<typeof telemetryLatchRecordSchema>;
/** A metadata record whose fields are not catalogued (`derived-from`, `data-flow-*`, …). */
export type OpaqueMetadataRecord =
  | DerivedFromRecord
  | DataFlowRecordsRecord
  | DataFlowIncompleteRecord
  | HybridOrganizationRecord
  | TelemetryLatchRecord;
