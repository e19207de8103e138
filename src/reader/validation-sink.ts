/** What a per-line validator reports into. */
export interface ValidationSink {
  record(type: string): void;
  unknownRecordType(type: string): void;
  unknownTool(name: string): void;
  toolCall(name: string): void;
  issue(subject: string, path: readonly (string | number)[], message: string, line: number): void;
  unknownField(subject: string, path: readonly (string | number)[], line: number): void;
  version(version: string): void;
}

/** Per-file state a line validator may keep (tool names by call id, for results). */
export interface FileContext {
  file: string;
  toolNamesById: Map<string, string>;
  lineIndex: number;
  currentVersion: string | undefined;
}
