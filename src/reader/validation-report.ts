import type { Agent } from '../schemas/common/agent.js';

/** A schema issue grouped by what it is about, with how often it happened and where first. */
export interface GroupedIssue {
  /** `record:assistant`, `tool:Bash:input`, `tool:Read:result`, `codex:response_item:function_call`... */
  subject: string;
  /** JSON path inside the subject, e.g. `message.content[0].text`. */
  path: string;
  message: string;
  count: number;
  first: { file: string; line: number };
}

export interface LineErrorEntry {
  file: string;
  line: number;
  type: string;
  message: string;
}

/** A field that no schema declares, per subject, with the agent versions it was seen in. */
export interface UnknownField {
  subject: string;
  path: string;
  count: number;
  versions: string[];
  first: { file: string; line: number };
}

export interface FileValidation {
  file: string;
  agent: Agent | 'unknown';
  lines: number;
  blankLines: number;
  records: Record<string, number>;
  errors: number;
  unknownRecordTypes: Record<string, number>;
  unknownTools: Record<string, number>;
  schemaIssues: number;
  versions: string[];
  /** Set when the file could not be read at all. */
  readError?: string;
}

/** The result of `agentlog validate`: the stable `--json` shape. */
export interface ValidationReport {
  files: FileValidation[];
  lines: number;
  blankLines: number;
  /** Records by type over all files. */
  records: Record<string, number>;
  errors: LineErrorEntry[];
  unknownRecordTypes: Record<string, number>;
  unknownTools: Record<string, number>;
  schemaIssues: GroupedIssue[];
  unknownFields: UnknownField[];
  /** Tool calls seen, by name as written. */
  toolCalls: Record<string, number>;
  /** Agent versions each unknown record type was seen in. */
  unknownRecordTypeVersions: Record<string, string[]>;
  /** Agent versions each unknown tool was seen in. */
  unknownToolVersions: Record<string, string[]>;
  /** Call inputs that failed their schema and that the agent itself rejected (`InputValidationError`): model mistakes, not drift. */
  rejectedInputs: number;
}
