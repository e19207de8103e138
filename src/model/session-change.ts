import type { Message } from './message.js';
import type { Session } from './session.js';
import type { LocatedProblem } from './source-location.js';
import type { ToolCall } from './tool-call.js';
import type { UsageEntry } from './usage.js';

/** What appending records to a stored session changed in it, for the index to write only that. */
export interface SessionChange {
  /** The session the appended file belongs to (a tree's root, or a subagent). */
  session: Session;
  /** Messages added at the end (with their text: the stored ones have none). */
  newMessages: Message[];
  /** Stored messages with new parts (the stored text of the message grows by `addedText`). */
  mergedInto: { message: Message; addedText: string[] }[];
  /** Stored messages whose off-branch flag changed. */
  branchChanged: Message[];
  /** Calls added (with input and result). */
  newCalls: ToolCall[];
  /** Stored calls whose status or result changed. */
  changedCalls: ToolCall[];
  /** Usage entries: the stored ones that changed (by position) and the new ones at the end. */
  changedUsage: { index: number; entry: UsageEntry }[];
  newUsage: UsageEntry[];
  /** Problems of the new lines and of the new records. */
  newProblems: LocatedProblem[];
}
