import type { z } from 'zod';
import {
  assistantRecordSchema,
  attachmentRecordSchema,
  progressRecordSchema,
  systemRecordSchema,
  userRecordSchema,
} from './conversation-records.js';
import {
  agentColorRecordSchema,
  agentNameRecordSchema,
  agentSettingRecordSchema,
  aiTitleRecordSchema,
  apiRequestBlobRecordSchema,
  apiRequestRecordSchema,
  apiRequestShapeRecordSchema,
  artifactAutoreactLedgerRecordSchema,
  artifactCommentMonitorRecordSchema,
  atisLatchRecordSchema,
  attributionSnapshotRecordSchema,
  bridgeSessionRecordSchema,
  checkpointRecordSchema,
  contentReplacementRecordSchema,
  continuedInRecordSchema,
  costStateRecordSchema,
  customTitleRecordSchema,
  dataFlowIncompleteRecordSchema,
  dataFlowRecordsRecordSchema,
  derivedFromRecordSchema,
  devModsRecordSchema,
  endedByModelRecordSchema,
  fileHistoryDeltaRecordSchema,
  fileHistorySnapshotRecordSchema,
  forkContextRefRecordSchema,
  frameLinkRecordSchema,
  historySuppressionRecordSchema,
  hybridOrganizationRecordSchema,
  isolationLatchRecordSchema,
  lastPromptRecordSchema,
  marbleOrigamiCommitRecordSchema,
  marbleOrigamiSnapshotRecordSchema,
  memoryModeRecordSchema,
  modeRecordSchema,
  observerRefRecordSchema,
  permissionModeRecordSchema,
  prLinkRecordSchema,
  queueOperationRecordSchema,
  relocatedRecordSchema,
  speculationAcceptRecordSchema,
  summaryRecordSchema,
  tagRecordSchema,
  telemetryLatchRecordSchema,
  toolsUsedRecordSchema,
  worktreeStateRecordSchema,
} from './metadata-records.js';

export * from './attachment-context-payloads.js';
export * from './attachment-signal-payloads.js';
export * from './attachment-types.js';
export * from './conversation-records.js';
export * from './envelope.js';
export * from './metadata-records.js';
export * from './progress-data.js';
export * from './system-subtypes.js';

const recordSchemas = {
  user: userRecordSchema,
  assistant: assistantRecordSchema,
  system: systemRecordSchema,
  attachment: attachmentRecordSchema,
  progress: progressRecordSchema,
  summary: summaryRecordSchema,
  'custom-title': customTitleRecordSchema,
  'ai-title': aiTitleRecordSchema,
  tag: tagRecordSchema,
  'last-prompt': lastPromptRecordSchema,
  'agent-name': agentNameRecordSchema,
  'agent-color': agentColorRecordSchema,
  'agent-setting': agentSettingRecordSchema,
  mode: modeRecordSchema,
  'permission-mode': permissionModeRecordSchema,
  'worktree-state': worktreeStateRecordSchema,
  'pr-link': prLinkRecordSchema,
  'frame-link': frameLinkRecordSchema,
  'file-history-snapshot': fileHistorySnapshotRecordSchema,
  'file-history-delta': fileHistoryDeltaRecordSchema,
  'attribution-snapshot': attributionSnapshotRecordSchema,
  'queue-operation': queueOperationRecordSchema,
  'content-replacement': contentReplacementRecordSchema,
  'speculation-accept': speculationAcceptRecordSchema,
  'marble-origami-commit': marbleOrigamiCommitRecordSchema,
  'marble-origami-snapshot': marbleOrigamiSnapshotRecordSchema,
  checkpoint: checkpointRecordSchema,
  'continued-in': continuedInRecordSchema,
  relocated: relocatedRecordSchema,
  'derived-from': derivedFromRecordSchema,
  'data-flow-records': dataFlowRecordsRecordSchema,
  'data-flow-incomplete': dataFlowIncompleteRecordSchema,
  'history-suppression': historySuppressionRecordSchema,
  'hybrid-organization': hybridOrganizationRecordSchema,
  'tools-used': toolsUsedRecordSchema,
  'atis-latch': atisLatchRecordSchema,
  'bridge-session': bridgeSessionRecordSchema,
  'cost-state': costStateRecordSchema,
  'artifact-autoreact-ledger': artifactAutoreactLedgerRecordSchema,
  'artifact-comment-monitor': artifactCommentMonitorRecordSchema,
  'fork-context-ref': forkContextRefRecordSchema,
  'telemetry-latch': telemetryLatchRecordSchema,
  'ended-by-model': endedByModelRecordSchema,
  'isolation-latch': isolationLatchRecordSchema,
  'dev-mods': devModsRecordSchema,
  'memory-mode': memoryModeRecordSchema,
  'observer-ref': observerRefRecordSchema,
  'api-request-shape': apiRequestShapeRecordSchema,
  'api-request-blob': apiRequestBlobRecordSchema,
  'api-request': apiRequestRecordSchema,
} as const satisfies { readonly [type: string]: z.ZodType };

type RecordSchemas = typeof recordSchemas;

/**
 * The schema of every known Claude Code record type, keyed by its `type` literal. Indexing with any
 * other string gives `undefined` (the object has no prototype, so `constructor` & co. are not keys).
 */
export const claudeCodeRecordSchemas: RecordSchemas & { readonly [type: string]: z.ZodType | undefined } =
  Object.freeze(Object.assign(Object.create(null) as object, recordSchemas));

/** A known record `type` value. */
export type ClaudeCodeRecordType = keyof RecordSchemas;

/** The record of type `T`. */
export type ClaudeCodeRecordOfType<T extends ClaudeCodeRecordType> = z.infer<RecordSchemas[T]>;

/** Any record of a known type. */
export type ClaudeCodeRecord = {
  [T in ClaudeCodeRecordType]: ClaudeCodeRecordOfType<T>;
}[ClaudeCodeRecordType];

/** Every record `type` with a schema. Other types decode as unknown (passthrough), never as errors. */
export const knownClaudeCodeRecordTypes: readonly ClaudeCodeRecordType[] = Object.keys(
  claudeCodeRecordSchemas,
) as ClaudeCodeRecordType[];

const knownTypeSet: ReadonlySet<string> = new Set(knownClaudeCodeRecordTypes);

/** Whether `type` is a record type with a schema. */
export function isKnownClaudeCodeRecordType(type: string): type is ClaudeCodeRecordType {
  return knownTypeSet.has(type);
}
