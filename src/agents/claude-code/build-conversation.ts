import { branchState } from '../../model/branch-rule.js';
import { type BranchWindow, branchWindowOf } from '../../model/branch-window.js';
import { orderConversation } from '../../model/conversation-order.js';
import type { Message } from '../../model/message.js';
import { keyDigest, packDigests, packKeys, unpackDigests } from '../../model/packed-keys.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import { maxUsage } from '../../model/usage.js';
import { type JsonObject, obj, optional, str } from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';
import {
  emptyFoldState,
  type FoldContext,
  foldRecord,
  hookBlockedCallOf,
  type UsageByKey,
} from './message-fold.js';
import { type BranchNode, branchNodeOf } from './off-branch-records.js';
import { progressUsage } from './request-usage.js';

export type { LocatedRecord } from '../record-file.js';

/** One conversation (a main session or one subagent) before subagents are linked. */
export interface Conversation {
  messages: Message[];
  toolCalls: ToolCall[];
  /** Usage per API message key (message.id + requestId), per-field maximum over its records. */
  usageByKey: UsageByKey;
  /**
   * Usage of subagent API responses streamed into this conversation as `agent_progress` records (2.1.x),
   * by subagent id, then by the same key as `usageByKey`: the only trace of them when the subagent's
   * own file is missing.
   */
  progressUsage: Map<string, ProgressUsage>;
  /** First prompt text, for sidechain linking and titles. */
  firstPrompt: string | undefined;
  problems: LocatedProblem[];
  duplicateRecords: number;
  /** What appending records to this conversation later needs (see `appendConversation`). */
  resume: ConversationResume;
}

/** A subagent's usage seen in `agent_progress` records, and the call that started the subagent. */
export interface ProgressUsage {
  toolUseId: string | undefined;
  usageByKey: Conversation['usageByKey'];
}

/** The part of a conversation's build state that its messages and calls do not hold. JSON-safe. */
export interface ConversationResume {
  /** The last chain records with what the branch rule decided for them (`model/branch-window.ts`). */
  branch: BranchWindow;
  /** The keys of the chain records before the window, as digests (`packKeys`): a new record reusing one is left to a build. */
  olderKeys: string;
  /** Parent links of chain records that name no record of the file (a record arriving with one is left to a build). */
  dangling: string[];
  /** Records given to the build (the index base of the next ones). */
  records: number;
  /** Whether some nodes were caught in a parent cycle. */
  cyclic: boolean;
  hookBlocked: string[];
  /**
   * The last API message keys (at most {@link mergedWindowSize}) and the id of the message their later records
   * merge into.
   */
  merged: [key: string, messageId: string][];
  /**
   * The keys of the API messages before those, as digests (`packKeys`): a new record continuing one is left to
   * a build (a response's records follow each other; one continued from far back is a copy).
   */
  olderMerged: string;
  firstPrompt: string | null;
}

const chainTypes = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);

/** How many of the last API messages a resume state keeps the merge targets of. */
export const mergedWindowSize = 256;

/**
 * A conversation's merge targets as its resume state keeps them: the last {@link mergedWindowSize}, the keys
 * of the others as digests after `olderMerged`'s (in the order they were first seen).
 */
export function mergeWindow(
  merged: readonly [key: string, messageId: string][],
  olderMerged = '',
): Pick<ConversationResume, 'merged' | 'olderMerged'> {
  const cut = Math.max(0, merged.length - mergedWindowSize);
  if (cut === 0) return { merged: [...merged], olderMerged };
  const older = merged.slice(0, cut).map(([key]) => keyDigest(key));
  return {
    merged: merged.slice(cut),
    olderMerged: packDigests([...unpackDigests(olderMerged), ...older]),
  };
}

/** Chain records by key (uuid, or a key of their own for copies that differ and records without one). */
type Nodes = Map<string, LocatedRecord & { index: number }>;

/**
 * Builds one conversation from its records, in conversation order:
 * records deduplicated by uuid (first wins), ordered by the parent DAG (progress and attachment records
 * are nodes, so children of a legacy progress record are bridged through it), assistant records of one
 * API message merged, off-branch messages (rewinds) marked, tool calls paired with their results.
 */
export function buildConversation(records: readonly LocatedRecord[], context: FoldContext): Conversation {
  const problems: LocatedProblem[] = [];
  const { nodes: byUuid, duplicateRecords } = dedupe(records, 0, problems);
  const parentOf = (uuid: string): string | undefined => parentLink(byUuid.get(uuid)?.value);
  const { order, cyclic } = orderConversation(
    [...byUuid.entries()].map(([id, r]) => ({ id, parentId: parentOf(id), index: r.index })),
  );
  for (const id of cyclic) {
    const record = byUuid.get(id);
    if (record)
      problems.push({
        location: record.location,
        type: 'parent-cycle',
        message: `Record "${id}" is part of a parentUuid cycle.`,
      });
  }

  const { offBranch, chain } = branchOf(byUuid, parentOf);
  const hookBlocked = new Set<string>();
  for (const { value } of records) {
    const id = hookBlockedCallOf(value);
    if (id !== undefined) hookBlocked.add(id);
  }
  const state = emptyFoldState();
  state.problems = problems;
  for (const uuid of order) {
    const record = byUuid.get(uuid);
    if (record) foldRecord(state, context, record, uuid, !offBranch.has(uuid), hookBlocked);
  }

  return {
    messages: state.messages,
    toolCalls: [...state.calls.values(), ...state.orphans],
    usageByKey: state.usageByKey,
    progressUsage: agentProgressUsage(records),
    firstPrompt: state.firstPrompt,
    problems: state.problems,
    duplicateRecords,
    resume: {
      ...chain,
      records: records.length,
      cyclic: cyclic.length > 0,
      hookBlocked: [...hookBlocked],
      ...mergeWindow([...state.merged].map(([key, message]) => [key, message.id])),
      firstPrompt: state.firstPrompt ?? null,
    },
  };
}

/**
 * The branch rule over a conversation's chain records, and what of the chain its resume state keeps (the
 * window, the older keys, the parents not in the file). Apart, so that the rule's maps are freed before
 * the fold: a long session's chain is hundreds of thousands of records.
 */
function branchOf(
  byUuid: Nodes,
  parentOf: (uuid: string) => string | undefined,
): { offBranch: Set<string>; chain: Pick<ConversationResume, 'branch' | 'olderKeys' | 'dangling'> } {
  const branchNodes = new Map<string, BranchNode>();
  for (const [id, record] of byUuid) branchNodes.set(id, branchNodeOf(record.value, record.index));
  const state = branchState(branchNodes, parentOf);
  const window = branchWindowOf(branchNodes, state);
  const dangling = new Set<string>();
  for (const id of byUuid.keys()) {
    const parent = parentOf(id);
    if (parent !== undefined && !byUuid.has(parent)) dangling.add(parent);
  }
  const older = [...branchNodes.keys()].slice(0, branchNodes.size - window.nodes.length);
  return {
    offBranch: state.off,
    chain: { branch: window, olderKeys: packKeys(older), dangling: [...dangling] },
  };
}

/** The parent link of a chain record: `parentUuid`, else `logicalParentUuid` (compaction). */
export function parentLink(value: JsonObject | undefined): string | undefined {
  return value ? (str(value.parentUuid) ?? str(value.logicalParentUuid)) : undefined;
}

/** The problems {@link dedupe} says: a build puts them before the conversation's others. */
export const dedupeProblemTypes: ReadonlySet<string> = new Set(['missing-uuid', 'duplicate-uuid']);

/**
 * Chain records by uuid, first wins; `index` numbers them from `base` in input order. A copy written again
 * (same type, timestamp and message) is dropped and counted; a different record with a uuid already used,
 * or a record without one, is kept under a key of its own with a problem (edge case 4).
 */
export function dedupe(
  records: readonly LocatedRecord[],
  base: number,
  problems: LocatedProblem[],
): { nodes: Nodes; duplicateRecords: number } {
  const byUuid: Nodes = new Map();
  const copies = new Map<string, number>();
  let duplicateRecords = 0;
  records.forEach((record, i) => {
    const index = base + i;
    const type = str(record.value.type) ?? '';
    if (!chainTypes.has(type)) return;
    let uuid = str(record.value.uuid);
    if (uuid === undefined) {
      // A conversation record without a uuid (a broken writer) still holds a message: it is kept under a
      // key of its own (nothing can name it as a parent), in file order, and said where it is.
      uuid = `(no uuid)#${record.location.line}`;
      problems.push({
        location: record.location,
        type: 'missing-uuid',
        message: `A ${type} record has no uuid; it is kept in file order.`,
      });
    }
    const first = byUuid.get(uuid);
    if (!first) {
      byUuid.set(uuid, { ...record, index });
      return;
    }
    // A copy written again by resume, fork or compaction has the same type and timestamp: drop it.
    // Different records that share a uuid (broken writers, trimmed fixtures) are all kept (edge case 4).
    if (
      first.value.type === record.value.type &&
      first.value.timestamp === record.value.timestamp &&
      sameMessage(first.value, record.value)
    ) {
      duplicateRecords += 1;
      return;
    }
    const n = (copies.get(uuid) ?? 1) + 1;
    copies.set(uuid, n);
    byUuid.set(`${uuid}#${n}`, { ...record, index });
    problems.push({
      location: record.location,
      type: 'duplicate-uuid',
      message: `Record uuid "${uuid}" is used by different records.`,
    });
  });
  return { nodes: byUuid, duplicateRecords };
}

/** Same API message (or same content for user records): what makes a record a copy of another. */
function sameMessage(a: JsonObject, b: JsonObject): boolean {
  const ma = obj(a.message);
  const mb = obj(b.message);
  if (str(ma?.id) !== undefined || str(mb?.id) !== undefined) return str(ma?.id) === str(mb?.id);
  return JSON.stringify(ma?.content) === JSON.stringify(mb?.content);
}

/**
 * Usage of subagent responses in `agent_progress` records (`data.message` is the subagent's record:
 * `{type: "assistant", message: {id, model, usage, ...}, requestId}`), per-field maximum per key.
 */
export function agentProgressUsage(records: readonly LocatedRecord[]): Map<string, ProgressUsage> {
  const byAgent = new Map<string, ProgressUsage>();
  for (const { value } of records) {
    const copy = progressUsage(value);
    if (!copy) continue;
    const { agentId, key, usage, model } = copy;
    let entry = byAgent.get(agentId);
    if (!entry) {
      entry = { toolUseId: copy.toolUseId, usageByKey: new Map() };
      byAgent.set(agentId, entry);
    }
    const existing = entry.usageByKey.get(key);
    entry.usageByKey.set(key, {
      usage: existing ? maxUsage(existing.usage, usage) : usage,
      model: existing?.model ?? model,
      messageId: existing?.messageId ?? copy.innerUuid ?? copy.apiId,
      ...optional('timestamp', existing?.timestamp ?? copy.timestamp),
    });
  }
  return byAgent;
}
