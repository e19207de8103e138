// What an append to a Claude Code session file needs when the session is decoded from its last prompt on (the
// index leaves its earlier messages, and the calls nothing new names, in its rows: `cache/tail-reader.ts`):
// which stored messages and calls the new records reach, and the refusal (`NeedsEarlierMessages`) of an
// append that would read or change what was left, which the caller then makes on the whole session.
import type { Message } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import type { UsageEntry } from '../../model/usage.js';
import { arr, isObject, obj, str } from '../../schemas/common/value-access.js';
import type { AppendedPart } from '../record-file.js';
import { agentProgressUsage } from './build-conversation.js';
import { hookBlockedCallOf } from './message-fold.js';
import { apiMessageKey } from './request-usage.js';
import type { ClaudeSessionResume } from './session-resume.js';

/**
 * A stored session decoded from its last prompt on, its earlier messages left in the index (an append to a
 * long session reads what it can touch): which of some ids are of those earlier messages.
 */
export interface EarlierMessages {
  among(ids: readonly string[]): Set<string>;
  /** Whether the subagent of a file is decoded whole (its messages and calls): its file can grow, usage can stream to it. */
  wholeFile(path: string): boolean;
  /** Whether a stored subagent has calls of these tools (its calls may not be decoded). */
  subagentsCall(tools: ReadonlySet<string>): boolean;
  /**
   * Set when the session's usage entries were left in the rows too, but for those of the requests the new
   * records name (`requestsNamedBy`): the session holds those, in their stored order, and its stored totals.
   */
  usage?: UsageLeftInRows;
}

/** What a session decoded with only some of its usage entries knows of the others (see `EarlierMessages`). */
export interface UsageLeftInRows {
  /** The request keys whose stored entries the session holds (or would, had it any): those asked for. */
  asked: ReadonlySet<string>;
  /** Of the keys asked for, those another session of the tree counts. */
  countedElsewhere: ReadonlySet<string>;
  /**
   * The session's usage and usage by model over every entry, in order, as a build adds them up: the stored
   * ones (those it holds as `entries` has them now) and then the rest of `entries`, the new ones.
   */
  totals(entries: readonly UsageEntry[]): Pick<Session, 'usage' | 'usageByModel'>;
}

/**
 * Thrown when an append to a session decoded from its last prompt on would read or change its earlier
 * messages (a response continued from before that prompt, a rewind, a subagent to link...): the caller
 * decodes the whole session and appends again.
 */
export class NeedsEarlierMessages extends Error {
  override readonly name = 'NeedsEarlierMessages';
}

/**
 * The stored messages that new records of a session file continue (records of an API message that began
 * before them), by id: what a session decoded from its last prompt on must hold besides.
 */
export function continuedMessages(resume: ClaudeSessionResume, part: AppendedPart): string[] {
  const keys = new Set<string>();
  for (const { value } of part.records)
    if (value.type === 'assistant') {
      const key = apiMessageKey(value, '');
      if (!key.startsWith('uuid:')) keys.add(key);
    }
  if (keys.size === 0) return [];
  return resume.conversation.merged.flatMap(([key, id]) => (keys.has(key) ? [id] : []));
}

/**
 * The request keys new records of a session file may count usage under (`apiMessageKey` of their
 * responses), whose stored entries a session decoded without its usage entries must hold.
 */
export function requestsNamedBy(part: AppendedPart): string[] {
  const keys = new Set<string>();
  for (const { value } of part.records)
    if (value.type === 'assistant') keys.add(apiMessageKey(value, str(value.uuid) ?? ''));
  return [...keys];
}

/** The agent ids of the subagents whose responses new records of a session file stream (`agent_progress`). */
export function streamedAgents(part: AppendedPart): Set<string> {
  return new Set(agentProgressUsage(part.records).keys());
}

/**
 * The calls new records of a session file name (their calls, the results they bring, the calls a hook
 * blocked), by id: what a session decoded from its last prompt on must hold of its calls besides those its
 * decoded messages name.
 */
export function callsNamedBy(part: AppendedPart): string[] {
  const ids: string[] = [];
  for (const { value } of part.records) {
    const hooked = hookBlockedCallOf(value);
    if (hooked !== undefined) ids.push(hooked);
    for (const block of arr(obj(value.message)?.content)) {
      if (!isObject(block)) continue;
      const id =
        block.type === 'tool_use'
          ? str(block.id)
          : block.type === 'tool_result'
            ? str(block.tool_use_id)
            : undefined;
      if (id !== undefined) ids.push(id);
    }
  }
  return ids;
}

/** `merged` of a fold over a session decoded from its last prompt on: a key of an earlier message throws. */
export class MergesFrom extends Map<string, Message> {
  readonly #earlier: ReadonlySet<string>;
  constructor(entries: Iterable<[string, Message]>, earlier: ReadonlySet<string>) {
    super(entries);
    this.#earlier = earlier;
  }
  override get(key: string): Message | undefined {
    if (this.#earlier.has(key))
      throw new NeedsEarlierMessages('a response continues one before the last prompt');
    return super.get(key);
  }
}
