/**
 * The adapter contract: what agentlog needs to know about one agent, one member per file role of the
 * agent's folder `src/agents/<agent>/` (see `src/agents/README.md`). Adding an agent means one folder that
 * exports an {@link AgentAdapter} from its `index.ts`, and one line in `registry.ts`.
 */
import type { ZodType } from 'zod';
import type { ReadCounts, Session } from '../model/session.js';
import type { LocatedProblem, SourceLocation } from '../model/source-location.js';
import type { TokenUsage } from '../model/usage.js';
import type { FileContext, ValidationSink } from '../reader/validation-sink.js';
import type { Agent } from '../schemas/common/agent.js';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import type { RootSearch, StoreProbe } from '../sources/index.js';

/** One record of a file, where it was read (the builders' input; lifecycle's `LocatedRecord` has this shape). */
export interface AdapterRecord {
  value: Record<string, unknown>;
  location: SourceLocation;
}

/** A file read into records, with its counts and the problems met reading it (lifecycle's `RecordFile`). */
export interface AdapterFile {
  file: string;
  records: AdapterRecord[];
  counts: ReadCounts;
  problems: LocatedProblem[];
}

/** An environment variable that moves the agent's folders, for the docs and the tests of `roots.ts`. */
export interface RootVariable {
  name: string;
  /** One sentence: what it does and its default. */
  meaning: string;
}

/** Role `roots.ts`: where the agent keeps its logs by default, and what moves them. */
export interface AgentRoots {
  variables: readonly RootVariable[];
  /**
   * The default roots to search, existing or not, with the folders to walk and how to classify what is
   * found there. Absent for Claude Code and Codex, whose searches are built into `sources/discover-default.ts`.
   */
  searches?: (env: NodeJS.ProcessEnv, home: string) => RootSearch[];
  /**
   * For agents with a store (OpenCode): the searches that read a store met in a user-given path, from a
   * folder the walk listed (a folder holding `opencode.db`, a `storage*` folder holding `session/`).
   */
  searchesIn?: (probe: StoreProbe) => RootSearch[];
}

/** One record of a whole-document file, with the line of the document it starts on. */
export interface DocumentRecord {
  value: Record<string, unknown>;
  line: number;
}

/** Role `read.ts`: how a file becomes located records. */
export interface AgentReading {
  /**
   * For agents that also write whole JSON documents (a pretty-printed object, Gemini CLI's `session-*.json`):
   * whether a parsed document is this agent's, and its records (counted one "line" per record). JSONL files
   * are read by the shared JSONL reader (`reader/read-jsonl.ts`) for every agent.
   */
  document?: {
    claims(document: unknown): boolean;
    records(document: Record<string, unknown>, text: string): DocumentRecord[];
  };
  /**
   * For agents that also write plain-text transcripts (Cursor's `.txt`): whether a file is one (by its path),
   * and its records with the line each starts on, plus located errors for the lines no record holds. Read
   * whole, like a document.
   */
  text?: {
    claims(path: string): boolean;
    read(text: string): { records: DocumentRecord[]; errors: { line: number; message: string }[] };
  };
  /**
   * For agents that keep a session in a database file of its own (Cursor's `store.db`): whether a file is one
   * (by its path), and its records read from the file at `bytesPath` (the file, or the archive's copy of it),
   * each row or blob counted as one "line", with located errors for those no record holds. Read whole, like a
   * document, whenever the file (or its write-ahead log) changes.
   */
  database?: {
    claims(path: string): boolean;
    read(bytesPath: string): { records: DocumentRecord[]; errors: { line: number; message: string }[] };
  };
  /**
   * For agents that keep a session across many files or in a database (OpenCode's JSON storage tree and
   * `opencode.db`): whether a discovered path is one of the agent's store sessions (`SessionFileRef.store`),
   * and its records, numbered 1, 2, ... in the order read (the "lines" of the session), with located errors
   * for the documents or rows no record holds. Read whole, like a document: the index reads the session
   * again when the watermark discovery measured moves.
   */
  store?: {
    claims(path: string): boolean;
    read(path: string): Promise<{ records: DocumentRecord[]; errors: StoreError[] }>;
  };
}

/** A document or row of a store that no record holds (unreadable, not JSON), at its place in the read. */
export interface StoreError {
  line: number;
  type: 'invalid-json' | 'not-an-object';
  message: string;
}

/** A record's type as counted in `ReadCounts.recordsByType`, and whether the agent's schemas know it. */
export interface RecordType {
  name: string;
  known: boolean;
}

/** Role `decode-record.ts` (and `schemas/`): the agent's record types and their validation. */
export interface AgentDecoding {
  /**
   * Whether the first record of a JSONL file of unknown origin is this agent's (a file found in a user-given
   * folder). Claude Code has none: it is what is left.
   */
  looksLike?(first: Record<string, unknown>): boolean;
  recordType(value: Record<string, unknown>, lineIndex: number): RecordType;
  /**
   * Full validation of one record for `validate` and the drift report: schema issues, unknown record types,
   * unknown fields and tools go to `sink`. Absent: records are only counted by type.
   */
  validate?(value: Record<string, unknown>, line: number, context: FileContext, sink: ValidationSink): void;
  /** The subject records are reported under in drift (`record:<type>`, `codex:<type>`, `gemini-cli:<type>`). */
  subject(type: string): string;
  /**
   * The zod schema of each record type, by the name `recordType` gives: the docs' format chapter and the
   * JSON Schema files come from them. Absent for Claude Code and Codex, whose docs have their own chapters.
   */
  schemas?: Readonly<Record<string, ZodType>>;
}

/** What a tool name of the agent refers to. */
export type AdapterToolLookup =
  | { kind: 'builtin'; spec: ToolSpec }
  | { kind: 'mcp'; server: string; tool: string }
  | { kind: 'unknown' };

/** Role `tools/` (or `tools.ts`): the agent's tool registry, each entry with its canonical `kind`. */
export interface AgentTools {
  /** Every tool by the name calls carry. */
  tools: Readonly<Record<string, ToolSpec>>;
  lookup(name: string): AdapterToolLookup;
}

/** Role `build-session.ts`: records become the agent-neutral model. */
export type AgentBuilding =
  /** Claude Code and Codex: units across files (subagent files, thread families) built by `lifecycle/build-unit.ts`. */
  | { kind: 'lifecycle' }
  /** One session per file. `buildSession` may throw on a bad record: lifecycle's `buildSafely` leaves it out. */
  | { kind: 'file'; buildSession(file: AdapterFile): Session };

/** Role `usage.ts`: how the agent's token counts map to {@link TokenUsage}. */
export interface AgentUsage {
  /** One paragraph for the docs: which wire fields become input, output, cache reads and writes, reasoning. */
  note: string;
  /** The agent's usage object as {@link TokenUsage}; undefined when it holds no counts. */
  normalise(raw: unknown): TokenUsage | undefined;
}

export interface AgentAdapter {
  readonly agent: Agent;
  readonly roots: AgentRoots;
  readonly read: AgentReading;
  readonly decode: AgentDecoding;
  readonly tools: AgentTools;
  readonly build: AgentBuilding;
  readonly usage: AgentUsage;
}
