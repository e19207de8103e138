import { looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { Agent } from '../schemas/common/agent.js';
import { MAX_JSON_DEPTH } from '../schemas/common/bound-depth.js';
import { formatPath } from './format-path.js';
import { ReadError, readJsonl } from './index.js';
import { sortVersions } from './sort-versions.js';
import { validateClaudeCodeLine } from './validate-claude-code-line.js';
import { validateCodexLine } from './validate-codex-line.js';
import type { FileValidation, GroupedIssue, LineErrorEntry, UnknownField } from './validation-report.js';
import type { FileContext, ValidationSink } from './validation-sink.js';

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

export interface ValidateFileOptions {
  /** Also report fields no schema declares (drift). Default true. */
  unknownFields?: boolean;
}

/** Reads one file in full-validation mode. Never throws for bad input: an unreadable file sets `entry.readError`. */
export async function validateFile(
  file: string,
  options: ValidateFileOptions = {},
): Promise<FileValidationFacts> {
  const withUnknownFields = options.unknownFields ?? true;
  const entry: FileValidation = {
    file,
    agent: 'unknown',
    lines: 0,
    blankLines: 0,
    records: {},
    errors: 0,
    unknownRecordTypes: {},
    unknownTools: {},
    schemaIssues: 0,
    versions: [],
  };
  const errors: LineErrorEntry[] = [];
  const toolCalls: Record<string, number> = {};
  const typeVersions = new Map<string, Set<string>>();
  const toolVersions = new Map<string, Set<string>>();
  const issues = new Map<string, GroupedIssue>();
  const fields = new Map<string, UnknownField & { versionSet: Set<string> }>();
  let rejectedInputs = 0;
  const versions = new Set<string>();
  const context: FileContext = {
    file,
    toolNamesById: new Map(),
    lineIndex: 0,
    currentVersion: undefined,
    pendingInputIssues: new Map(),
  };
  const sink: ValidationSink = {
    record(type) {
      bump(entry.records, type);
    },
    unknownRecordType(type) {
      bump(entry.unknownRecordTypes, type);
      noteVersion(typeVersions, type, context.currentVersion);
    },
    unknownTool(name) {
      bump(entry.unknownTools, name);
      noteVersion(toolVersions, name, context.currentVersion);
    },
    toolCall(name) {
      bump(toolCalls, name);
    },
    issue(subject, path, message, line) {
      entry.schemaIssues += 1;
      const key = `${subject}\u0000${formatPath(path)}\u0000${message}`;
      const existing = issues.get(key);
      if (existing) existing.count += 1;
      else issues.set(key, { subject, path: formatPath(path), message, count: 1, first: { file, line } });
    },
    unknownField(subject, path, line) {
      if (!withUnknownFields) return;
      const key = `${subject}\u0000${formatPath(path)}`;
      const existing = fields.get(key);
      const version = context.currentVersion;
      if (existing) {
        existing.count += 1;
        if (version) existing.versionSet.add(version);
      } else {
        fields.set(key, {
          subject,
          path: formatPath(path),
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

  let agent: Agent | undefined;
  const reader = readJsonl(file);
  try {
    for await (const result of reader) {
      if (!result.ok) {
        entry.errors += 1;
        errors.push({
          file,
          line: result.location.line,
          type: result.error.type,
          message: result.error.message,
        });
        continue;
      }
      agent ??= looksLikeCodexRollout(result.value) ? 'codex' : 'claude-code';
      for (const cut of result.cuts ?? []) {
        const type = typeof result.value.type === 'string' ? result.value.type : '(no type)';
        const subject = agent === 'codex' ? `codex:${type}` : `record:${type}`;
        // The path is cut short (a cut lies over 100 levels down); the depth is in the message.
        sink.issue(subject, cut.path.slice(0, 4), tooDeepMessage(cut.depth), result.location.line);
      }
      // Per record: a record the validators choke on is an issue at its line, and the file goes on.
      try {
        if (agent === 'codex') validateCodexLine(result.value, result.location.line, context, sink);
        else validateClaudeCodeLine(result.value, result.location.line, context, sink);
      } catch (error) {
        const type = typeof result.value.type === 'string' ? result.value.type : '(no type)';
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        sink.issue(
          agent === 'codex' ? `codex:${type}` : `record:${type}`,
          [],
          `Record could not be validated (${reason.slice(0, 200)})`,
          result.location.line,
        );
      }
      context.lineIndex += 1;
    }
  } catch (error) {
    entry.readError =
      error instanceof ReadError ? error.message : `Could not read "${file}": ${String(error)}`;
  }
  for (const flush of context.pendingInputIssues.values()) flush();
  entry.agent = agent ?? 'unknown';
  entry.lines = reader.stats.physicalLines;
  entry.blankLines = reader.stats.blankLines;
  entry.versions = sortVersions([...versions]);
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
