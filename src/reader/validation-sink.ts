/** What a per-line validator reports into. */
export interface ValidationSink {
  record(type: string): void;
  unknownRecordType(type: string): void;
  unknownTool(name: string): void;
  toolCall(name: string): void;
  issue(subject: string, path: readonly (string | number)[], message: string, line: number): void;
  unknownField(subject: string, path: readonly (string | number)[], line: number): void;
  version(version: string): void;
  /** A call input that failed its schema and that the agent itself rejected (InputValidationError). */
  rejectedInput(): void;
}

/** Per-file state a line validator may keep (tool names by call id, for results). */
export interface FileContext {
  file: string;
  toolNamesById: Map<string, string>;
  lineIndex: number;
  currentVersion: string | undefined;
  /** Input issues waiting for the call's result (reported when the file ends without one), by call id. */
  pendingInputIssues: Map<string, PendingIssue[]>;
}

/** An issue held back until it is known whether to report it. */
export interface PendingIssue {
  subject: string;
  path: (string | number)[];
  message: string;
  line: number;
}
