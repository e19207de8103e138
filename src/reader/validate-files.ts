import { looksLikeCodexRollout } from '../schemas/codex/decode-line.js';
import type { Agent } from '../schemas/common/agent.js';
import { ReadError, readJsonl } from './index.js';
import { validateClaudeCodeLine } from './validate-claude-code-line.js';
import { validateCodexLine } from './validate-codex-line.js';
import type { FileValidation, GroupedIssue, UnknownField, ValidationReport } from './validation-report.js';
import type { FileContext, ValidationSink } from './validation-sink.js';

export interface ValidateOptions {
  /** Also report fields no schema declares (drift). Default true. */
  unknownFields?: boolean;
  onFile?: (file: string, index: number) => void;
}

/** Reads every file in full-validation mode and returns the grouped report. Never throws for bad input. */
export async function validateFiles(
  files: readonly string[],
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const report: ValidationReport = {
    files: [],
    lines: 0,
    blankLines: 0,
    records: {},
    errors: [],
    unknownRecordTypes: {},
    unknownTools: {},
    schemaIssues: [],
    unknownFields: [],
    toolCalls: {},
    rejectedInputs: 0,
    unknownRecordTypeVersions: {},
    unknownToolVersions: {},
  };
  const typeVersions = new Map<string, Set<string>>();
  const toolVersions = new Map<string, Set<string>>();
  const issues = new Map<string, GroupedIssue>();
  const fields = new Map<string, UnknownField & { versionSet: Set<string> }>();
  let index = 0;
  for (const file of files) {
    options.onFile?.(file, index++);
    const entry = await validateFile(file, report, issues, fields, options.unknownFields ?? true, {
      types: typeVersions,
      tools: toolVersions,
    });
    report.files.push(entry);
  }
  for (const [name, set] of typeVersions) report.unknownRecordTypeVersions[name] = sortVersions([...set]);
  for (const [name, set] of toolVersions) report.unknownToolVersions[name] = sortVersions([...set]);
  report.schemaIssues = [...issues.values()].sort(
    (a, b) => b.count - a.count || a.subject.localeCompare(b.subject),
  );
  report.unknownFields = [...fields.values()]
    .map(({ versionSet, ...rest }) => ({ ...rest, versions: sortVersions([...versionSet]) }))
    .sort((a, b) => b.count - a.count || a.subject.localeCompare(b.subject));
  return report;
}

async function validateFile(
  file: string,
  report: ValidationReport,
  issues: Map<string, GroupedIssue>,
  fields: Map<string, UnknownField & { versionSet: Set<string> }>,
  withUnknownFields: boolean,
  versionsOf: { types: Map<string, Set<string>>; tools: Map<string, Set<string>> },
): Promise<FileValidation> {
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
      bump(report.records, type);
    },
    unknownRecordType(type) {
      bump(entry.unknownRecordTypes, type);
      bump(report.unknownRecordTypes, type);
      noteVersion(versionsOf.types, type, context.currentVersion);
    },
    unknownTool(name) {
      bump(entry.unknownTools, name);
      bump(report.unknownTools, name);
      noteVersion(versionsOf.tools, name, context.currentVersion);
    },
    toolCall(name) {
      bump(report.toolCalls, name);
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
      report.rejectedInputs += 1;
    },
  };

  let agent: Agent | undefined;
  const reader = readJsonl(file);
  try {
    for await (const result of reader) {
      if (!result.ok) {
        entry.errors += 1;
        report.errors.push({
          file,
          line: result.location.line,
          type: result.error.type,
          message: result.error.message,
        });
        continue;
      }
      agent ??= looksLikeCodexRollout(result.value) ? 'codex' : 'claude-code';
      if (agent === 'codex') validateCodexLine(result.value, result.location.line, context, sink);
      else validateClaudeCodeLine(result.value, result.location.line, context, sink);
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
  report.lines += entry.lines;
  report.blankLines += entry.blankLines;
  return entry;
}

function noteVersion(into: Map<string, Set<string>>, key: string, version: string | undefined): void {
  let set = into.get(key);
  if (!set) {
    set = new Set();
    into.set(key, set);
  }
  if (version !== undefined) set.add(version);
}

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** `message.content[0].input` from `['message', 'content', 0, 'input']`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number' || /^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(root)';
}

/** Sorts dotted versions numerically (`2.1.9` before `2.1.10`); other strings last, alphabetically. */
export function sortVersions(versions: string[]): string[] {
  const parse = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
  return versions.sort((a, b) => {
    const pa = parse(a);
    const pb = parse(b);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const x = pa[i] ?? -1;
      const y = pb[i] ?? -1;
      if (Number.isNaN(x) || Number.isNaN(y)) return a.localeCompare(b);
      if (x !== y) return x - y;
    }
    return 0;
  });
}
