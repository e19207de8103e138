// A usage entry's stored form in a report model (`report-model-codec.ts`): its tuple, the entry whole, or 0
// where its `usage_entries` row gives it back.
import { type TokenUsage, type UsageEntry, usageFields } from '../model/usage.js';
import { type Absent, optionalText, sqlNumber } from './packed-fields.js';

/** The `usage_entries` columns a row-backed usage entry is made of, in this order (counts as `usageFields`). */
export const usageRowColumns = [
  'message_id',
  'timestamp',
  'model',
  'input_tokens',
  'output_tokens',
  'cache_write_tokens',
  'cache_write_1h_tokens',
  'cache_read_tokens',
  'reasoning_tokens',
  'web_search_requests',
  'request_key',
] as const;

export type PackedUsage = [
  messageId: string | Absent,
  model: string | Absent,
  timestamp: string | Absent,
  requestKey: string | Absent,
  ...counts: number[],
];

/**
 * A usage entry's stored form: its tuple, the entry whole when it has fields the tuple has not, or with
 * `rowBacked` 0 where its row gives it back.
 */
export function packUsage(entry: UsageEntry, rowBacked: boolean): PackedUsage | [UsageEntry] | Absent {
  const { messageId, model, timestamp, requestKey, usage, ...other } = entry;
  if (Object.keys(other).length > 0 || Object.keys(usage).length !== usageFields.length) return [entry];
  const packed: PackedUsage = [
    messageId ?? 0,
    model ?? 0,
    timestamp ?? 0,
    requestKey ?? 0,
    ...usageFields.map((f) => usage[f]),
  ];
  return rowBacked && rowGivesUsage(entry) ? 0 : packed;
}

/**
 * Whether a usage entry's row (as `usageRowOf` writes it) gives it back (as `rowMessageOf` in
 * packed-message.ts).
 */
function rowGivesUsage(entry: UsageEntry): boolean {
  const { messageId, model, timestamp, requestKey, usage } = entry;
  return (
    optionalText(messageId) &&
    optionalText(model) &&
    optionalText(timestamp) &&
    optionalText(requestKey) &&
    usageFields.every((f) => sqlNumber(usage[f]))
  );
}

export function unpackUsage(packedEntry: PackedUsage | [UsageEntry]): UsageEntry {
  if (packedEntry.length === 1) return packedEntry[0] as UsageEntry;
  const [messageId, model, timestamp, requestKey, ...counts] = packedEntry as PackedUsage;
  const usage = {} as TokenUsage;
  usageFields.forEach((field, i) => {
    usage[field] = counts[i] as number;
  });
  return {
    usage,
    ...(messageId === 0 ? {} : { messageId }),
    ...(model === 0 ? {} : { model }),
    ...(timestamp === 0 ? {} : { timestamp }),
    ...(requestKey === 0 ? {} : { requestKey }),
  };
}

/** A row-backed usage entry, in {@link unpackUsage}'s order. */
export function usageFromRow(row: readonly unknown[]): UsageEntry {
  const [messageId, timestamp, model] = row;
  const requestKey = row[3 + usageFields.length];
  const usage = {} as TokenUsage;
  usageFields.forEach((field, i) => {
    usage[field] = row[3 + i] as number;
  });
  return {
    usage,
    ...(messageId === null ? {} : { messageId: messageId as string }),
    ...(model === null ? {} : { model: model as string }),
    ...(timestamp === null ? {} : { timestamp: timestamp as string }),
    ...(requestKey === null ? {} : { requestKey: requestKey as string }),
  };
}
