import { agentInfo, isAgent } from '../schemas/common/agent.js';
import { sortVersions } from './validate-files.js';
import type { ValidationReport } from './validation-report.js';

/** One line of the drift section: what the schemas do not know yet, and since which agent version. */
export interface DriftEntry {
  kind: 'record-type' | 'tool' | 'field';
  /** For fields: the subject they were found on (`tool:Bash:result`, `record:assistant`). */
  subject: string;
  /** Unknown names (record types, tools) or field paths. */
  names: string[];
  count: number;
  /** Earliest agent version it was seen in (null when records carry no version). */
  since: string | null;
  versions: string[];
  /** A readable sentence: `3 unknown fields on Bash results since 2.1.330`. */
  summary: string;
}

/**
 * Groups what full validation did not recognise into drift entries: unknown record types, unknown tools,
 * and undeclared fields per subject, each with the versions they appear in, so a new agent release shows up
 * as "3 unknown fields on Bash results since 2.1.330".
 */
export function summarizeDrift(report: ValidationReport): DriftEntry[] {
  const entries: DriftEntry[] = [];
  for (const [name, count] of Object.entries(report.unknownRecordTypes)) {
    const versions = report.unknownRecordTypeVersions[name] ?? [];
    entries.push(entry('record-type', 'records', [name], count, versions, `unknown record type "${name}"`));
  }
  for (const [name, count] of Object.entries(report.unknownTools)) {
    const versions = report.unknownToolVersions[name] ?? [];
    entries.push(entry('tool', 'tools', [name], count, versions, `unknown tool "${name}"`));
  }
  const bySubject = new Map<string, { names: string[]; count: number; versions: Set<string> }>();
  for (const field of report.unknownFields) {
    const group = bySubject.get(field.subject) ?? { names: [], count: 0, versions: new Set<string>() };
    bySubject.set(field.subject, group);
    group.names.push(field.path);
    group.count += field.count;
    for (const v of field.versions) group.versions.add(v);
  }
  for (const [subject, group] of bySubject) {
    const versions = sortVersions([...group.versions]);
    const n = group.names.length;
    entries.push(
      entry(
        'field',
        subject,
        group.names,
        group.count,
        versions,
        `${n} unknown field${n === 1 ? '' : 's'} on ${describeSubject(subject)}`,
      ),
    );
  }
  return entries.sort((a, b) => (b.since ?? '').localeCompare(a.since ?? '') || b.count - a.count);
}

function entry(
  kind: DriftEntry['kind'],
  subject: string,
  names: string[],
  count: number,
  versions: string[],
  what: string,
): DriftEntry {
  const since = versions[0] ?? null;
  return { kind, subject, names, count, since, versions, summary: since ? `${what} since ${since}` : what };
}

/** `tool:Bash:result` -> `Bash results`; `record:assistant` -> `assistant records`. */
export function describeSubject(subject: string): string {
  const [kind, name, part] = subject.split(':');
  if (kind === 'tool' || kind?.endsWith('-tool'))
    return `${name} ${part === 'result' ? 'results' : 'inputs'}`;
  if (kind === 'record') return `${name} records`;
  if (kind === 'codex') return `Codex ${subject.slice('codex:'.length)} lines`;
  if (kind !== undefined && isAgent(kind))
    return `${agentInfo[kind].name} ${subject.slice(kind.length + 1)} records`;
  return subject;
}
