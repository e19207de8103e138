// Resuming a conversation: the records appended to a file since it was built are folded into the stored
// conversation (its messages and calls, as the index keeps them, and its `ConversationResume`), with the
// same rules as a build of the whole file. Where the new records would change what is stored in a way
// the fold cannot redo from that state (a record reusing a stored record's uuid, a parent that arrives after its
// child was stored, a parent or a fork older than the chain records the state keeps, a hook that blocks a
// call already settled), it refuses with `NotAppendable` and the caller builds the file again.

import { extendBranch } from '../../model/branch-window.js';
import { orderConversation } from '../../model/conversation-order.js';
import type { Message } from '../../model/message.js';
import { addDigests, keyDigest, unpackKeys } from '../../model/packed-keys.js';
import type { LocatedProblem } from '../../model/source-location.js';
import type { ToolCall } from '../../model/tool-call.js';
import type { LocatedRecord } from '../record-file.js';
import { type ConversationResume, dedupe, mergeWindow, parentLink } from './build-conversation.js';
import { type FoldContext, foldRecord, hookBlockedCallOf, type MessageFoldState } from './message-fold.js';
import { type BranchNode, branchNodeOf } from './off-branch-records.js';
import { apiMessageKey } from './request-usage.js';

/** Thrown when appended records cannot be folded into the stored state: build the file again. */
export class NotAppendable extends Error {
  override readonly name = 'NotAppendable';
}

/** What an append changed besides the new messages and calls at the end of the fold state. */
export interface ConversationAppend {
  /** Stored messages whose `offBranch` flag changed (a rewind or a fork after the stored end). */
  branchChanged: Message[];
  /** Stored messages that later records of their API message added parts to. */
  mergedInto: Message[];
  /** Stored calls that got their result. */
  closed: ToolCall[];
  /** Records dropped as copies of others. */
  duplicateRecords: number;
  /**
   * New records without a uuid or sharing one with another new record (kept under keys of their own): a
   * build says so before the conversation's other problems.
   */
  dedupeProblems: LocatedProblem[];
  resume: ConversationResume;
}

/**
 * Folds `records` (the records after the stored ones, in file order) into `state`, which holds the stored
 * conversation's messages, calls, orphan results, usage and merge targets (mutated in place: new messages
 * and calls are appended, stored ones updated). Calls left `interrupted` by the turn rule without a result
 * are `missing` again here: the caller settles turns again over the whole conversation.
 */
export function appendConversation(
  state: MessageFoldState,
  resume: ConversationResume,
  records: readonly LocatedRecord[],
  context: FoldContext,
): ConversationAppend {
  if (resume.cyclic) throw new NotAppendable('the stored conversation has a parent cycle');
  const kept = new Set(resume.branch.nodes.map(([key]) => key));
  let older: Set<number> | undefined;
  // Whether a key is a stored record's: a kept one, or one whose digest an older one has.
  const isStored = (key: string): boolean => {
    if (kept.has(key)) return true;
    older ??= unpackKeys(resume.olderKeys);
    return older.has(keyDigest(key));
  };

  // New chain records by uuid, first wins, like a build of the whole file (records without a uuid, and
  // different records sharing one, kept under keys of their own); one that names a stored record's uuid
  // is left to a build.
  const dedupeProblems: LocatedProblem[] = [];
  const { nodes: added, duplicateRecords } = dedupe(records, resume.records, dedupeProblems);
  for (const id of added.keys())
    if (isStored(id)) throw new NotAppendable('a record reuses the uuid of a stored one');
  // A stored record whose parent only arrives now would move in the conversation order.
  for (const parent of resume.dangling)
    if (added.has(parent)) throw new NotAppendable('a stored record gets its parent only now');
  // A response continuing an API message older than the merge targets kept.
  if (resume.olderMerged !== '') {
    const olderMerged = unpackKeys(resume.olderMerged);
    for (const [id, { value }] of added)
      if (value.type === 'assistant' && olderMerged.has(keyDigest(apiMessageKey(value, id))))
        throw new NotAppendable('a response continues an API message older than the kept ones');
  }

  const parentOf = (id: string): string | undefined => parentLink(added.get(id)?.value);
  // Stored records all come first in the conversation order (none waits on a new one); the new ones
  // follow in the order of their own DAG, parents that are stored records counting as placed.
  const { order, cyclic } = orderConversation(
    [...added.entries()].map(([id, r]) => ({ id, parentId: parentOf(id), index: r.index })),
  );
  if (cyclic.length > 0) throw new NotAppendable('new records form a parent cycle');

  const branchNodes = new Map<string, BranchNode>();
  for (const [id, record] of added) branchNodes.set(id, branchNodeOf(record.value, record.index));
  const step = extendBranch(resume.branch, branchNodes, order, parentOf, isStored);
  if (step === undefined) throw new NotAppendable('the new records fork the chain before the kept records');
  const offBranch = step.off;

  const branchChanged: Message[] = [];
  if (step.changed.size > 0)
    for (const message of state.messages) {
      const off = step.changed.get(message.id);
      if (off === undefined || off === (message.offBranch === true)) continue;
      if (off) message.offBranch = true;
      else delete message.offBranch;
      branchChanged.push(message);
    }

  const hookBlocked = new Set(resume.hookBlocked);
  for (const { value } of records) {
    const id = hookBlockedCallOf(value);
    if (id === undefined || hookBlocked.has(id)) continue;
    if (state.calls.get(id)?.result) throw new NotAppendable('a hook blocks a call whose result is stored');
    hookBlocked.add(id);
  }

  const open = new Set<ToolCall>();
  for (const call of state.calls.values()) {
    if (call.result) continue;
    if (call.status === 'interrupted') {
      call.status = 'missing';
      delete call.statusReason;
    }
    open.add(call);
  }
  const partsBefore = new Map<Message, number>();
  for (const message of state.merged.values()) partsBefore.set(message, message.parts.length);
  for (const id of order) {
    const record = added.get(id);
    if (record) foldRecord(state, context, record, id, !offBranch.has(id), hookBlocked);
  }

  const mergedInto: Message[] = [];
  for (const [message, parts] of partsBefore) if (message.parts.length > parts) mergedInto.push(message);
  const closed = [...open].filter((call) => call.result !== undefined);

  const dangling = new Set(resume.dangling);
  for (const id of added.keys()) {
    const parent = parentOf(id);
    if (parent !== undefined && parent !== id && !added.has(parent) && !isStored(parent))
      dangling.add(parent);
  }
  // The keys that leave the window join the older ones.
  const window = step.window;
  const stillKept = new Set(window.nodes.map(([key]) => key));
  const leaving = resume.branch.nodes.filter(([key]) => !stillKept.has(key)).map(([key]) => key);
  const olderKeys =
    leaving.length === 0
      ? resume.olderKeys
      : addDigests(resume.olderKeys, older ?? unpackKeys(resume.olderKeys), leaving.map(keyDigest));
  const merged = new Map(resume.merged);
  for (const [key, message] of state.merged) if (!merged.has(key)) merged.set(key, message.id);
  const mergeTargets = mergeWindow([...merged], resume.olderMerged);
  return {
    branchChanged,
    mergedInto,
    closed,
    duplicateRecords,
    dedupeProblems,
    resume: {
      branch: window,
      olderKeys,
      dangling: [...dangling],
      records: resume.records + records.length,
      cyclic: false,
      hookBlocked: [...hookBlocked],
      ...mergeTargets,
      firstPrompt: state.firstPrompt ?? null,
    },
  };
}
