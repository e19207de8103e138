import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import type { ValidationReport } from '../src/reader/validation-report.js';
import { corpusDir, corpusFiles } from './corpus.js';
import { tempDir } from './helpers/temp-dir.js';

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const io = memoryIo(env);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** Files PROVENANCE.tsv marks as handwritten or synthetic: the only ones allowed to show issues. */
function madeUpFiles(): Set<string> {
  const rows = readFileSync(path.join(corpusDir, 'PROVENANCE.tsv'), 'utf8').trim().split('\n').slice(1);
  return new Set(
    rows
      .map((row) => row.split('\t'))
      .filter((cells) => !/^genuine/.test(cells[6] ?? ''))
      .map((cells) => path.join(corpusDir, cells[0] ?? '')),
  );
}

describe('agentlog validate on the corpus', () => {
  it('reads every file, keeps the counts, and finds issues only in hand-made files', async () => {
    const { code, out } = await run(['validate', corpusDir, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as ValidationReport;
    expect(report.files.map((f) => f.file).sort()).toEqual(corpusFiles());
    for (const file of report.files) {
      const records = Object.values(file.records).reduce((a, b) => a + b, 0);
      expect(records + file.errors + file.blankLines, file.file).toBe(file.lines);
      expect(file.readError).toBeUndefined();
    }
    const records = Object.values(report.records).reduce((a, b) => a + b, 0);
    expect(records + report.errors.length + report.blankLines).toBe(report.lines);

    const madeUp = madeUpFiles();
    const genuine = report.files.filter((f) => !madeUp.has(f.file));
    expect(genuine.length).toBeGreaterThan(40);
    for (const file of genuine) {
      expect({
        file: file.file,
        unknownTools: file.unknownTools,
        unknownRecordTypes: file.unknownRecordTypes,
        issues: file.schemaIssues,
        errors: file.errors,
      }).toEqual({
        file: file.file,
        unknownTools: {},
        unknownRecordTypes: {},
        issues: 0,
        errors: 0,
      });
    }
    for (const issue of report.schemaIssues)
      expect(madeUp.has(issue.first.file), JSON.stringify(issue)).toBe(true);
    for (const field of report.unknownFields.filter((f) => madeUp.has(f.first.file) === false)) {
      // Real logs: only fields a real release added that the spec does not list yet (reported as drift).
      expect(field.subject).toBe('tool:SendMessage:input');
    }
    // The one genuine invalid input (a 1.0.108 Task call without prompt) was rejected by Claude Code itself.
    expect(report.rejectedInputs).toBe(1);
  });

  it('prints a readable summary with the conservation line', async () => {
    const { code, out } = await run(['validate', corpusDir]);
    expect(code).toBe(0);
    expect(out).toMatch(
      /65 files \(10 codex, 55 claude-code\), 2,957 lines = 2,954 records \+ 3 line errors \+ 0 blank/,
    );
    expect(out).toContain('Schema issues');
    expect(out).not.toContain('counts do not add up');
  });
});

describe('agentlog validate on bad input', () => {
  const dir = tempDir('validate');
  const file = path.join(dir, 'broken.jsonl');
  writeFileSync(
    file,
    [
      '{"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"hi"},"timestamp":"2026-01-01T00:00:00Z"}',
      '{"type":"user",',
      '[1,2]',
      '',
      '{"type":"brand-new-record","x":1}',
      '{"type":"assistant","uuid":"a1","sessionId":"s","message":{"id":"m","role":"assistant","model":"m","content":[{"type":"tool_use","id":"t1","name":"NoSuchTool","input":{}}]}}',
      '{"type":"user","uuid":"u2","sessionId":"s","message":{"role":"user","content":{"not":"valid"}}}',
      '{"type":"assistant","partial":',
    ].join('\n'),
  );

  it('locates every broken line and keeps the counts', async () => {
    const { code, out } = await run(['validate', file, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as ValidationReport;
    expect(report.lines).toBe(8);
    expect(report.blankLines).toBe(1);
    expect(report.errors.map((e) => [e.line, e.type])).toEqual([
      [2, 'invalid-json'],
      [3, 'not-an-object'],
      [8, 'truncated'],
    ]);
    expect(report.unknownRecordTypes).toEqual({ 'brand-new-record': 1 });
    expect(report.unknownTools).toEqual({ NoSuchTool: 1 });
    expect(report.schemaIssues).toEqual([
      expect.objectContaining({
        subject: 'record:user',
        path: 'message.content',
        count: 1,
        first: { file, line: 7 },
      }),
    ]);
  });

  it('says in one sentence when a path does not exist, with exit code 1', async () => {
    const { code, out, err } = await run(['validate', path.join(dir, 'nope')]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/error: .*nope.*/);
    expect(err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('rejects an unknown option with exit code 2', async () => {
    const { code, err } = await run(['validate', '--frobnicate']);
    expect(code).toBe(2);
    expect(err).toMatch(/Unknown option '--frobnicate'/);
  });

  it('says where it looked when no logs are found', async () => {
    const empty = tempDir('home');
    const { code, err } = await run(['validate'], {
      HOME: empty,
      CLAUDE_CONFIG_DIR: path.join(empty, 'c'),
      CODEX_HOME: path.join(empty, 'x'),
    });
    expect(code).toBe(1);
    expect(err).toContain('No agent logs found');
    expect(err).toContain('--demo');
  });
});

describe('validate --agent', () => {
  const corpusMore = path.join(corpusDir, '..', 'corpus-more');
  /** Pi's files and their lines, listed and counted without agentlog. */
  const piFiles = readdirSync(path.join(corpusMore, 'pi'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name));
  const lines = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l, i, all) => l !== '' || i < all.length - 1).length;

  it('validates only the files of that agent, every line accounted for', async () => {
    const { code, out } = await run(['validate', corpusMore, '--agent', 'pi', '--json', '--no-cache']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as ValidationReport;
    expect(report.files.map((f) => f.file).sort()).toEqual([...piFiles].sort());
    expect(report.lines).toBe(piFiles.reduce((n, f) => n + lines(f), 0));
  });

  it('says in one sentence when no file is of that agent, and refuses a name it does not know', async () => {
    const none = await run(['validate', corpusDir, '--agent', 'pi', '--no-cache']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(
      /^error: None of the \d+ files found is a pi log; run without --agent to validate them\.\n$/,
    );
    const bad = await run(['validate', corpusMore, '--agent', 'bogus']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Option --agent must be one of .*; got "bogus"\./);
  });
});
