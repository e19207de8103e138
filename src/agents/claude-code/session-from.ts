import { buildTurns } from '../../model/build-turns.js';
import { mergeCounts } from '../../model/merge-counts.js';
import type { Message } from '../../model/message.js';
import type { Session } from '../../model/session.js';
import { countUsage, emptyUsage, type UsageEntry, type UsageTotals } from '../../model/usage.js';
import { baseName, optional } from '../../schemas/common/value-access.js';
import type { LocatedRecord, RecordFile } from '../record-file.js';
import type { Conversation } from './build-conversation.js';
import type { UsageByKey } from './message-fold.js';
import { emptyAggregates, foldAggregates } from './record-aggregates.js';

/**
 * A conversation as a session (the main one or a subagent's) with what its records say (versions, models,
 * working folders, branch, times). Usage rule: a request counts here only when no conversation before it
 * counted its key (`counted`, which this adds to), so a request counts once in the whole tree.
 */
export function sessionFrom(
  conversation: Conversation,
  records: readonly LocatedRecord[],
  files: readonly RecordFile[],
  identity: { sessionId: string; isSubagent: boolean },
  counted: Set<string>,
): Session {
  const totals: UsageTotals = { usage: emptyUsage(), usageByModel: {} };
  const usageEntries: Session['usageEntries'] = [];
  const messagesById = new Map(conversation.messages.map((m) => [m.id, m]));
  for (const [key, entry] of conversation.usageByKey) {
    if (counted.has(key)) continue;
    counted.add(key);
    countUsage(totals, entry);
    const message = messagesById.get(entry.messageId);
    if (message) message.usage = entry.usage;
    usageEntries.push(usageEntryOf(key, entry, message));
  }

  const aggregates = emptyAggregates();
  foldAggregates(aggregates, records);
  const { cwds, gitBranch, first, last } = aggregates;
  const cwd = cwds[0];
  const session: Session = {
    id: identity.sessionId,
    agent: 'claude-code',
    files: files.map((f) => f.file),
    cwds,
    versions: [...aggregates.versions],
    models: [...aggregates.models],
    messages: conversation.messages,
    turns: buildTurns(conversation.messages, conversation.toolCalls),
    toolCalls: conversation.toolCalls,
    subagents: [],
    usage: totals.usage,
    usageByModel: totals.usageByModel,
    usageEntries,
    counts: mergeCounts(files.map((f) => f.counts)),
    problems: [...files.flatMap((f) => f.problems), ...conversation.problems],
    meta: conversation.duplicateRecords > 0 ? { duplicateRecords: conversation.duplicateRecords } : {},
    isSubagent: identity.isSubagent,
    ...optional('cwd', cwd),
    ...optional('project', cwd === undefined ? undefined : baseName(cwd)),
    ...optional('gitBranch', gitBranch),
  };
  if (first !== undefined && last !== undefined) {
    session.startTime = new Date(first).toISOString();
    session.endTime = new Date(last).toISOString();
    session.durationMs = last - first;
  }
  return session;
}

/**
 * The usage entry of a request counted under `key` (`apiMessageKey`'s: a `uuid:` key has no request id), at
 * the time of its message when the session holds it.
 */
export function usageEntryOf(
  key: string,
  entry: UsageByKey extends Map<string, infer Counted> ? Counted : never,
  message: Message | undefined,
): UsageEntry {
  return {
    usage: entry.usage,
    messageId: entry.messageId,
    ...optional('requestKey', key.startsWith('uuid:') ? undefined : key),
    ...optional('model', entry.model),
    ...optional('timestamp', message?.timestamp ?? entry.timestamp),
  };
}
