// What a Claude Code session takes from each of its records besides the conversation: the versions, working
// folders, git branch, models and time span they name. A build folds a file's records from nothing
// (`sessionFrom`); an append folds the new records on top of what the stored session holds
// (`appendClaudeSession`).
import { obj, str, timeOf } from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';

export interface RecordAggregates {
  versions: Set<string>;
  /** Models of assistant records (not `<synthetic>`). */
  models: Set<string>;
  /** Working folders in the order first seen. */
  cwds: string[];
  /** The last non-empty `gitBranch`. */
  gitBranch: string | undefined;
  /** The earliest and latest record times, in milliseconds. */
  first: number | undefined;
  last: number | undefined;
}

/** Aggregates of no record yet. */
export function emptyAggregates(): RecordAggregates {
  return {
    versions: new Set(),
    models: new Set(),
    cwds: [],
    gitBranch: undefined,
    first: undefined,
    last: undefined,
  };
}

/** Folds `records` into `into` (mutated). */
export function foldAggregates(into: RecordAggregates, records: readonly LocatedRecord[]): void {
  for (const { value } of records) {
    const version = str(value.version);
    if (version !== undefined) into.versions.add(version);
    const cwd = str(value.cwd);
    if (cwd !== undefined && into.cwds[into.cwds.length - 1] !== cwd && !into.cwds.includes(cwd))
      into.cwds.push(cwd);
    into.gitBranch = str(value.gitBranch) || into.gitBranch;
    const model = str(obj(value.message)?.model);
    if (value.type === 'assistant' && model !== undefined && model !== '<synthetic>') into.models.add(model);
    const t = timeOf(value.timestamp);
    if (t !== undefined) {
      if (into.first === undefined || t < into.first) into.first = t;
      if (into.last === undefined || t > into.last) into.last = t;
    }
  }
}
