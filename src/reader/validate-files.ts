import { sortVersions } from './sort-versions.js';
import type { FileValidationFacts, ValidateFileOptions } from './validate-file.js';
import type { GroupedIssue, UnknownField, ValidationReport } from './validation-report.js';

export { formatPath } from './format-path.js';
export { sortVersions } from './sort-versions.js';

export interface ValidateOptions extends ValidateFileOptions {
  onFile?: (file: string, index: number) => void;
}

/** Reads every file in full-validation mode and returns the grouped report. Never throws for bad input. */
export async function validateFiles(
  files: readonly string[],
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  // Loaded when used: `mergeValidations` alone (the drift section of a warm report) needs no validator.
  const { validateFile } = await import('./validate-file.js');
  const facts: FileValidationFacts[] = [];
  let index = 0;
  for (const file of files) {
    options.onFile?.(file, index++);
    facts.push(await validateFile(file, options));
  }
  return mergeValidations(facts);
}

/**
 * Merges per-file validation facts, in input order, into one report: equal to validating the files
 * together (the first occurrence of an issue or field is the one of the earliest file).
 */
export function mergeValidations(facts: readonly FileValidationFacts[]): ValidationReport {
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
  for (const fact of facts) {
    const { entry } = fact;
    report.files.push(entry);
    report.lines += entry.lines;
    report.blankLines += entry.blankLines;
    add(report.records, entry.records);
    add(report.unknownRecordTypes, entry.unknownRecordTypes);
    add(report.unknownTools, entry.unknownTools);
    add(report.toolCalls, fact.toolCalls);
    report.rejectedInputs += fact.rejectedInputs;
    for (const error of fact.errors) report.errors.push(error);
    union(typeVersions, fact.unknownRecordTypeVersions);
    union(toolVersions, fact.unknownToolVersions);
    for (const issue of fact.schemaIssues) {
      const key = `${issue.subject}\u0000${issue.path}\u0000${issue.message}`;
      const existing = issues.get(key);
      if (existing) existing.count += issue.count;
      else issues.set(key, { ...issue, first: { ...issue.first } });
    }
    for (const field of fact.unknownFields) {
      const key = `${field.subject}\u0000${field.path}`;
      const existing = fields.get(key);
      if (existing) {
        existing.count += field.count;
        for (const v of field.versions) existing.versionSet.add(v);
      } else fields.set(key, { ...field, first: { ...field.first }, versionSet: new Set(field.versions) });
    }
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

function add(into: Record<string, number>, counts: Record<string, number>): void {
  for (const [key, n] of Object.entries(counts)) into[key] = (into[key] ?? 0) + n;
}

function union(into: Map<string, Set<string>>, versions: Record<string, string[]>): void {
  for (const [key, list] of Object.entries(versions)) {
    let set = into.get(key);
    if (!set) {
      set = new Set();
      into.set(key, set);
    }
    for (const v of list) set.add(v);
  }
}
