import { reportIssues, validateClaudeCodeLine } from '../agents/claude-code/validate-record.js';
import { looksLikeCodexRollout } from '../agents/codex/decode-record.js';
import { validateCodexLine } from '../agents/codex/validate-record.js';
import type { Agent } from '../schemas/common/agent.js';
import { MAX_JSON_DEPTH } from '../schemas/common/bound-depth.js';
import { formatPath } from './format-path.js';
import type { LineResult } from './line-result.js';
import { sortVersions } from './sort-versions.js';
import type { FileValidation, GroupedIssue, LineErrorEntry, UnknownField } from './validation-report.js';
import type { FileContext, PendingIssue, ValidationSink } from './validation-sink.js';

/**
 * Full validation of a file, line by line, that can stop and go on later: `state()` is plain JSON that
 * `createFileValidator(file, options, state)` resumes from, so the index validates only the lines appended
 * since its last read, on the values it parsed anyway. Validating a file in two runs (any split at a line)
 * gives the facts of validating it in one.
 */
export interface FileValidator {
  /** One line as the reader gave it (a record or a located error). */
  add(result: LineResult): void;
  /** What was validated so far, to resume from. */
  state(): ValidatorState;
  /**
   * The facts of the lines added so far as if the file ended here (calls still waiting for a result
   * report their input issues); the validator itself is not changed. `lines` and `blankLines` are the
   * reader's counts of the whole file.
   */
  facts(lines: number, blankLines: number): FileValidationFacts;
}

/**
 * What full validation found in one file, in a form that can be stored (plain JSON) and merged with other
 * files' in input order into the same report as validating them together (`mergeValidations`).
 */
export interface FileValidationFacts {
  entry: FileValidation;
  errors: LineErrorEntry[];
  /** Agent versions each unknown record type was seen in, sorted (empty when records carry none). */
  unknownRecordTypeVersions: Record<string, string[]>;
  unknownToolVersions: Record<string, string[]>;
  /** Schema issues grouped within the file, in the order first seen. */
  schemaIssues: GroupedIssue[];
  /** Undeclared fields grouped within the file, in the order first seen. */
  unknownFields: UnknownField[];
  toolCalls: Record<string, number>;
  rejectedInputs: number;
}

/** The resumable state of a {@link FileValidator}: JSON, kept by the index per file. */
export interface ValidatorState {
  agent: Agent | undefined;
  records: Record<string, number>;
  errorCount: number;
  errors: LineErrorEntry[];
  unknownRecordTypes: Record<string, number>;
  unknownTools: Record<string, number>;
  schemaIssueCount: number;
  versions: string[];
  toolCalls: Record<string, number>;
  typeVersions: [string, string[]][];
  toolVersions: [string, string[]][];
  issues: GroupedIssue[];
  fields: (UnknownField & { versionSet: string[] })[];
  rejectedInputs: number;
  context: {
    toolNamesById: [string, string][];
    lineIndex: number;
    currentVersion: string | undefined;
    pendingInputIssues: [string, PendingIssue[]][];
  };
}

/** How the records of one agent are validated (the adapter's `decode.validate` and `decode.subject`). */
export interface AgentLineValidator {
  agent: Agent;
  validate?: (
    value: Record<string, unknown>,
    line: number,
    context: FileContext,
    sink: ValidationSink,
  ) => void;
  subject: (type: string) => string;
}

export interface FileValidatorOptions {
  /**
   * The validator of a file's agent: the agent a resumed read already knows, else the one its first record
   * tells (`src/agents/` passes the registry's). Default: Codex for a rollout, else Claude Code.
   */
  validatorFor?: (first: Record<string, unknown>, known: Agent | undefined) => AgentLineValidator;
  /** Also report fields no schema declares (drift). Default true. */
  unknownFields?: boolean;
}

/** A validator for `file`, new or resumed from a {@link ValidatorState}. */
export function createFileValidator(
  file: string,
  options: FileValidatorOptions = {},
  from?: ValidatorState,
): FileValidator {
  const live = liveValidator(file, options, from);
  return {
    add: live.add,
    state: live.state,
    // A copy ends the file: calls without a result report their held input issues there.
    facts: (lines, blankLines) => liveValidator(file, options, live.state()).finish(lines, blankLines),
  };
}

function liveValidator(file: string, options: FileValidatorOptions, from: ValidatorState | undefined) {
  const withUnknownFields = options.unknownFields ?? true;
  let agent = from?.agent;
  const records: Record<string, number> = { ...from?.records };
  let errorCount = from?.errorCount ?? 0;
  const errors: LineErrorEntry[] = [...(from?.errors ?? [])];
  const unknownRecordTypes: Record<string, number> = { ...from?.unknownRecordTypes };
  const unknownTools: Record<string, number> = { ...from?.unknownTools };
  let schemaIssueCount = from?.schemaIssueCount ?? 0;
  const versions = new Set(from?.versions);
  const toolCalls: Record<string, number> = { ...from?.toolCalls };
  const typeVersions = new Map((from?.typeVersions ?? []).map(([k, v]) => [k, new Set(v)]));
  const toolVersions = new Map((from?.toolVersions ?? []).map(([k, v]) => [k, new Set(v)]));
  const issues = new Map(
    (from?.issues ?? []).map((i) => [
      issueKey(i.subject, i.path, i.message),
      { ...i, first: { ...i.first } },
    ]),
  );
  const fields = new Map(
    (from?.fields ?? []).map(({ versionSet, ...f }) => [
      `${f.subject}\u0000${f.path}`,
      { ...f, first: { ...f.first }, versionSet: new Set(versionSet) },
    ]),
  );
  let rejectedInputs = from?.rejectedInputs ?? 0;
  let lineValidator: AgentLineValidator | undefined;
  // The agent is decided by the first record (and kept in the state a resumed read starts from).
  const validatorFor = (first: Record<string, unknown>, known: Agent | undefined): AgentLineValidator => {
    return options.validatorFor?.(first, known) ?? defaultValidator(first, known);
  };
  const context: FileContext = {
    file,
    toolNamesById: new Map(from?.context.toolNamesById),
    lineIndex: from?.context.lineIndex ?? 0,
    currentVersion: from?.context.currentVersion,
    pendingInputIssues: new Map(from?.context.pendingInputIssues.map(([id, list]) => [id, [...list]])),
  };

  const sink: ValidationSink = {
    record(type) {
      bump(records, type);
    },
    unknownRecordType(type) {
      bump(unknownRecordTypes, type);
      noteVersion(typeVersions, type, context.currentVersion);
    },
    unknownTool(name) {
      bump(unknownTools, name);
      noteVersion(toolVersions, name, context.currentVersion);
    },
    toolCall(name) {
      bump(toolCalls, name);
    },
    issue(subject, path, message, line) {
      schemaIssueCount += 1;
      const formatted = formatPath(path);
      const key = issueKey(subject, formatted, message);
      const existing = issues.get(key);
      if (existing) existing.count += 1;
      else issues.set(key, { subject, path: formatted, message, count: 1, first: { file, line } });
    },
    unknownField(subject, path, line) {
      if (!withUnknownFields) return;
      const formatted = formatPath(path);
      const key = `${subject}\u0000${formatted}`;
      const existing = fields.get(key);
      const version = context.currentVersion;
      if (existing) {
        existing.count += 1;
        if (version) existing.versionSet.add(version);
      } else {
        fields.set(key, {
          subject,
          path: formatted,
          count: 1,
          versions: [],
          versionSet: new Set(version ? [version] : []),
          first: { file, line },
        });
      }
    },
    version(version) {
      versions.add(version);
    },
    rejectedInput() {
      rejectedInputs += 1;
    },
  };

  const state = (): ValidatorState => ({
    agent,
    records: { ...records },
    errorCount,
    errors: [...errors],
    unknownRecordTypes: { ...unknownRecordTypes },
    unknownTools: { ...unknownTools },
    schemaIssueCount,
    versions: [...versions],
    toolCalls: { ...toolCalls },
    typeVersions: [...typeVersions].map(([k, v]) => [k, [...v]]),
    toolVersions: [...toolVersions].map(([k, v]) => [k, [...v]]),
    issues: [...issues.values()].map((i) => ({ ...i, first: { ...i.first } })),
    fields: [...fields.values()].map(({ versionSet, ...f }) => ({
      ...f,
      first: { ...f.first },
      versionSet: [...versionSet],
    })),
    rejectedInputs,
    context: {
      toolNamesById: [...context.toolNamesById],
      lineIndex: context.lineIndex,
      currentVersion: context.currentVersion,
      pendingInputIssues: [...context.pendingInputIssues].map(([id, list]) => [id, [...list]]),
    },
  });

  return {
    add(result: LineResult) {
      if (!result.ok) {
        errorCount += 1;
        errors.push({
          file,
          line: result.location.line,
          type: result.error.type,
          message: result.error.message,
        });
        return;
      }
      if (agent === undefined || lineValidator === undefined) {
        lineValidator = validatorFor(result.value, agent);
        agent ??= lineValidator.agent;
      }
      const type = typeof result.value.type === 'string' ? result.value.type : '(no type)';
      const subject = lineValidator.subject(type);
      // The path is cut short (a cut lies over 100 levels down); the depth is in the message.
      for (const cut of result.cuts ?? [])
        sink.issue(subject, cut.path.slice(0, 4), tooDeepMessage(cut.depth), result.location.line);
      // Per record: a record the validators choke on is an issue at its line, and the file goes on.
      try {
        if (lineValidator.validate) lineValidator.validate(result.value, result.location.line, context, sink);
        else sink.record(type);
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        sink.issue(
          subject,
          [],
          `Record could not be validated (${reason.slice(0, 200)})`,
          result.location.line,
        );
      }
      context.lineIndex += 1;
    },
    state,
    /** Ends the file: calls without a result report their held input issues. */
    finish(lines: number, blankLines: number): FileValidationFacts {
      for (const list of context.pendingInputIssues.values()) reportIssues(list, sink);
      context.pendingInputIssues.clear();
      const entry: FileValidation = {
        file,
        agent: agent ?? 'unknown',
        lines,
        blankLines,
        records,
        errors: errorCount,
        unknownRecordTypes,
        unknownTools,
        schemaIssues: schemaIssueCount,
        versions: sortVersions([...versions]),
      };
      return {
        entry,
        errors,
        unknownRecordTypeVersions: sortedSets(typeVersions),
        unknownToolVersions: sortedSets(toolVersions),
        schemaIssues: [...issues.values()],
        unknownFields: [...fields.values()].map(({ versionSet, ...rest }) => ({
          ...rest,
          versions: sortVersions([...versionSet]),
        })),
        toolCalls,
        rejectedInputs,
      };
    },
  };
}

function issueKey(subject: string, path: string, message: string): string {
  return `${subject}\u0000${path}\u0000${message}`;
}

function tooDeepMessage(depth: number): string {
  return `Nests ${depth.toLocaleString('en-US')} levels deep below here, more than the limit of ${MAX_JSON_DEPTH}: kept as JSON text in an "agentlog:truncated" marker`;
}

function noteVersion(into: Map<string, Set<string>>, key: string, version: string | undefined): void {
  let set = into.get(key);
  if (!set) {
    set = new Set();
    into.set(key, set);
  }
  if (version !== undefined) set.add(version);
}

function sortedSets(map: Map<string, Set<string>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, set] of map) out[key] = sortVersions([...set]);
  return out;
}

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

const codexValidator: AgentLineValidator = {
  agent: 'codex',
  validate: validateCodexLine,
  subject: (type) => `codex:${type}`,
};
const claudeValidator: AgentLineValidator = {
  agent: 'claude-code',
  validate: validateClaudeCodeLine,
  subject: (type) => `record:${type}`,
};

/** Without an agent validator: Codex for a rollout, Claude Code otherwise; a resumed file keeps its agent. */
function defaultValidator(first: Record<string, unknown>, known: Agent | undefined): AgentLineValidator {
  if (known === 'codex') return codexValidator;
  if (known === 'claude-code') return claudeValidator;
  if (known !== undefined) return { agent: known, subject: (type) => `${known}:${type}` };
  return looksLikeCodexRollout(first) ? codexValidator : claudeValidator;
}
