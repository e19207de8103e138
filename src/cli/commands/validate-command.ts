import type { Command } from 'commander';
import { mergeValidations } from '../../reader/validate-files.js';
import type { ValidationReport } from '../../reader/validation-report.js';
import { agents } from '../../schemas/common/agent.js';
import { CliError } from '../cli-error.js';
import { parseAgentOption } from '../filter-options.js';
import { addCacheOptions, type DataFlags, scanPoolFor } from '../load-data.js';
import { loadValidations } from '../load-validations.js';
import {
  colorsFor,
  displayPath,
  formatNumber,
  type Io,
  plural,
  renderTable,
  writeJson,
  writeLine,
  writeProse,
} from '../output.js';
import { parseCount } from '../parse-count.js';
import { nothingFound, resolveInputs } from '../resolve-inputs.js';

interface ValidateOptions extends DataFlags {
  agent?: string;
  json?: boolean;
  files?: boolean;
  limit: string;
}

export function registerValidateCommand(program: Command, io: Io): void {
  const command = program
    .command('validate')
    .description('Check logs against the schemas: record types, unknown tools, schema issues, broken lines')
    .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
    .option('--json', 'print one JSON object')
    .option('--files', 'list every file with its counts')
    .option('--agent <agent>', `only this agent's files: ${agents.join(', ')}`)
    .option('--limit <n>', 'rows per section in the text output', '20');
  addCacheOptions(command).action(async (paths: string[], options: ValidateOptions) => {
    const limit = parseCount(options.limit, '--limit');
    const agent = options.agent === undefined ? undefined : parseAgentOption(options.agent);
    const inputs = await resolveInputs(paths, io, options);
    if (inputs.files.length === 0) throw nothingFound(inputs.searched);
    const pool = scanPoolFor(options);
    let report: ValidationReport;
    try {
      const validations = await loadValidations(inputs.files, options, io, inputs.searched, pool);
      // By the agent each file was read as (a file in a given folder is known by its content).
      const kept = agent === undefined ? validations : validations.filter((v) => v.entry.agent === agent);
      if (kept.length === 0 && validations.length > 0)
        throw new CliError(
          `None of the ${plural(validations.length, 'file')} found is a ${agent} log; run without --agent to validate them.`,
        );
      report = mergeValidations(kept);
    } finally {
      await pool?.close();
    }
    const unreadable = report.files.filter((f) => f.readError !== undefined);
    if (options.json) writeJson(io, { ...report, skippedFiles: inputs.skipped });
    else {
      printReport(io, report, { files: options.files ?? false, limit });
      if (inputs.skipped.length > 0)
        section(
          io,
          'Skipped files (not read as session logs)',
          ['file', 'why'],
          inputs.skipped.map((s) => [displayPath(io, s.path), s.reason]),
          limit,
        );
    }
    if (unreadable.length === report.files.length) {
      throw new CliError(unreadable[0]?.readError ?? 'No input could be read.');
    }
    for (const file of unreadable) io.stderr.write(`warning: ${file.readError}\n`);
  });
}

function printReport(io: Io, report: ValidationReport, options: { files: boolean; limit: number }): void {
  const colors = colorsFor(io);
  const where = (file: string, line?: number) =>
    `${displayPath(io, file)}${line === undefined ? '' : `:${line}`}`;
  const records = Object.values(report.records).reduce((a, b) => a + b, 0);
  const agents = countBy(report.files.map((f) => f.agent));
  const conservation = records + report.errors.length + report.blankLines === report.lines;
  writeLine(io, colors.bold('Summary'));
  const counted = `${plural(report.files.length, 'file')} (${Object.entries(agents)
    .map(([a, n]) => `${formatNumber(n)} ${a}`)
    .join(', ')}), ${plural(report.lines, 'line')} = ${plural(records, 'record')} + ${plural(
    report.errors.length,
    'line error',
  )} + ${formatNumber(report.blankLines)} blank`;
  if (conservation) writeProse(io, counted);
  else writeLine(io, `${counted}${colors.red(' (counts do not add up)')}`);
  const issueCount = report.schemaIssues.reduce((a, b) => a + b.count, 0);
  writeProse(
    io,
    `${plural(Object.keys(report.unknownRecordTypes).length, 'unknown record type')}, ${plural(
      Object.keys(report.unknownTools).length,
      'unknown tool',
    )}, ${plural(issueCount, 'schema issue')} in ${plural(report.schemaIssues.length, 'group')}, ${plural(
      report.unknownFields.length,
      'undeclared field',
    )}`,
  );
  if (report.rejectedInputs > 0)
    writeProse(
      io,
      `${plural(report.rejectedInputs, 'tool input')} failed their schema and were rejected by the agent itself (InputValidationError): the model's mistakes, not drift.`,
      { style: colors.dim },
    );

  section(io, 'Records by type', ['type', 'records'], sorted(report.records), options.limit);
  if (Object.keys(report.unknownRecordTypes).length > 0)
    section(
      io,
      'Unknown record types',
      ['type', 'records'],
      sorted(report.unknownRecordTypes),
      options.limit,
    );
  if (Object.keys(report.unknownTools).length > 0)
    section(io, 'Unknown tools', ['tool', 'calls'], sorted(report.unknownTools), options.limit);
  if (report.schemaIssues.length > 0) {
    section(
      io,
      'Schema issues',
      ['subject', 'path', 'issue', 'count', 'first seen'],
      report.schemaIssues.map((i) => [
        i.subject,
        i.path,
        i.message,
        i.count,
        where(i.first.file, i.first.line),
      ]),
      options.limit,
    );
  }
  if (report.unknownFields.length > 0) {
    section(
      io,
      'Undeclared fields (drift)',
      ['subject', 'path', 'count', 'versions', 'first seen'],
      report.unknownFields.map((f) => [
        f.subject,
        f.path,
        f.count,
        versionRange(f.versions),
        where(f.first.file, f.first.line),
      ]),
      options.limit,
    );
  }
  if (report.errors.length > 0) {
    section(
      io,
      'Line errors',
      ['where', 'type', 'message'],
      report.errors.map((e) => [where(e.file, e.line), e.type, e.message]),
      options.limit,
    );
  }
  if (options.files) {
    section(
      io,
      'Files',
      ['file', 'agent', 'lines', 'records', 'errors', 'issues'],
      report.files.map((f) => [
        f.readError ? `${where(f.file)} (${f.readError})` : where(f.file),
        f.agent,
        f.lines,
        Object.values(f.records).reduce((a, b) => a + b, 0),
        f.errors,
        f.schemaIssues,
      ]),
      Number.POSITIVE_INFINITY,
    );
  }
}

function section(io: Io, title: string, head: string[], rows: (string | number)[][], limit: number): void {
  const colors = colorsFor(io);
  writeLine(io);
  writeLine(io, colors.bold(title));
  const numeric = head.flatMap((_, i) => (rows.every((r) => typeof r[i] === 'number') ? [i] : []));
  writeLine(io, renderTable(io, { head, rows: rows.slice(0, limit), numeric }));
  if (rows.length > limit)
    writeLine(io, colors.dim(`... and ${formatNumber(rows.length - limit)} more (use --limit or --json)`));
}

function sorted(counts: Record<string, number>): (string | number)[][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function versionRange(versions: string[]): string {
  if (versions.length === 0) return '-';
  if (versions.length === 1) return versions[0] ?? '-';
  return `${versions[0]} .. ${versions[versions.length - 1]}`;
}
