/**
 * A file read into records, as the builders of every agent take them: the reader's located records, counts
 * and problems (lifecycle's `readRecordFile` makes them; `AdapterFile` in `agent-adapter.ts` is its
 * adapter-facing shape). Claude Code's subagent files add their agent id and `.meta.json` sidecar.
 */
import type { ReadCounts } from '../model/session.js';
import type { LocatedProblem, SourceLocation } from '../model/source-location.js';
import type { JsonObject } from '../schemas/common/value-access.js';

/** A decoded record and where it came from. */
export interface LocatedRecord {
  value: JsonObject;
  location: SourceLocation;
}

/** The records of one file, with what the reader counted. */
export interface RecordFile {
  file: string;
  records: LocatedRecord[];
  counts: ReadCounts;
  problems: LocatedProblem[];
  /** For subagent files: the agent id from the file name (`agent-<id>.jsonl`). */
  agentId?: string;
  /** For subagent files: the sibling `.meta.json` content (`toolUseId`, `agentType`). */
  meta?: { toolUseId?: string; agentType?: string };
}

/** The records a file got since its stored end, as the reader gives them (what an append folds). */
export interface AppendedPart {
  records: LocatedRecord[];
  problems: LocatedProblem[];
  counts: ReadCounts;
}
