import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { fakeSecrets, patternsFile, secretsDir, survivors } from './fake-secrets.js';
import { tempDir } from './index-helpers.js';

async function run(args: string[], options: { tty?: boolean } = {}) {
  const io = memoryIo({ HOME: '/nonexistent-home' }, path.resolve(import.meta.dirname, '..'));
  if (options.tty) Object.assign(io.stdout, { isTTY: true });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** Every value of a Parquet or CSV file as JSON text, read back with DuckDB. */
async function readBack(file: string): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  try {
    const from = file.endsWith('.parquet') ? `read_parquet('${file}')` : `read_csv('${file}', header = true)`;
    const rows = (await db.runAndReadAll(`SELECT * FROM ${from}`)).getRowObjectsJson();
    return JSON.stringify(rows);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

const claudeSession = path.join(secretsDir, 'claude/5ec7e7aa-0000-4000-8000-00000000f4ce.jsonl');

describe('export --redact', () => {
  it('no fake secret survives into any dataset in any format, nor into a transcript', async () => {
    const out = tempDir('export-redact');
    for (const format of ['ndjson', 'csv', 'parquet']) {
      const dir = path.join(out, format);
      const plain = await run([
        'export',
        'all',
        secretsDir,
        '--format',
        format,
        '-o',
        path.join(out, `plain-${format}`),
      ]);
      expect(plain.code, plain.err).toBe(0);
      const { code, err } = await run([
        'export',
        'all',
        secretsDir,
        '--format',
        format,
        '-o',
        dir,
        '--redact',
        '--redact-patterns',
        patternsFile,
      ]);
      expect(code, err).toBe(0);
      expect(err).toMatch(/\nRedacted \d+ secrets \(/);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['messages', 'sessions', 'tool_calls', 'usage'].map((n) => `${n}.${format}`));
      let all = '';
      for (const file of files) {
        const text =
          format === 'ndjson'
            ? readFileSync(path.join(dir, file), 'utf8')
            : await readBack(path.join(dir, file));
        expect(survivors(text), `${format} ${file}`).toEqual([]);
        all += text;
      }
      expect(all).toContain('[REDACTED:aws-access-key:1]');
      // Without --redact the same export holds them (the check above can fail).
      const plainText =
        format === 'ndjson'
          ? readFileSync(path.join(out, `plain-${format}`, 'tool_calls.ndjson'), 'utf8')
          : await readBack(path.join(out, `plain-${format}`, `tool_calls.${format}`));
      expect(survivors(plainText).length).toBeGreaterThan(10);
    }
    for (const detail of ['user', 'minimal', 'full']) {
      const { code, out: md } = await run([
        'export',
        'transcript',
        claudeSession,
        '--detail',
        detail,
        '--redact',
        '--redact-patterns',
        patternsFile,
      ]);
      expect(code).toBe(0);
      expect(survivors(md), detail).toEqual([]);
    }
    const full = await run(['export', 'transcript', claudeSession, '--detail', 'full']);
    expect(survivors(full.out).length).toBeGreaterThan(Object.keys(fakeSecrets).length / 2);
  });

  it('numbers a secret the same way in every dataset of one export', async () => {
    const { code, out } = await run(['export', 'tool-calls', secretsDir, '--redact']);
    expect(code).toBe(0);
    const placeholders = new Set(out.match(/\[REDACTED:aws-access-key:\d+\]/g));
    expect([...placeholders]).toEqual(['[REDACTED:aws-access-key:1]']);
  });
});

describe('export transcript', () => {
  it('prints a Markdown transcript with tool calls per tool, at three levels of detail', async () => {
    const user = await run(['export', 'transcript', claudeSession, '--detail', 'user']);
    expect(user.code).toBe(0);
    expect(user.out).toMatch(/^# Deploy is failing/);
    expect(user.out).toContain('- **Tools:** 6 calls: Bash ×3');
    expect(user.out).toContain('## User');
    expect(user.out).not.toContain('- **Bash**');
    const minimal = await run(['export', 'transcript', claudeSession]);
    expect(minimal.out).toMatch(/- \*\*Bash\*\* `cat \.env`: ok/);
    expect(minimal.out).not.toContain('```');
    const full = await run(['export', 'transcript', claudeSession, '--detail', 'full']);
    expect(full.out).toContain('  ```json');
    expect(full.out.split('\n').length).toBeGreaterThan(minimal.out.split('\n').length);
  });

  it('writes a file with -o, and refuses one inside the input folder', async () => {
    const out = tempDir('export-md');
    const file = path.join(out, 'session.md');
    const ok = await run(['export', 'transcript', claudeSession, '-o', file]);
    expect(ok.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^# /);
    const inside = await run([
      'export',
      'transcript',
      claudeSession,
      '-o',
      path.join(secretsDir, 'claude/x.md'),
    ]);
    expect(inside.code).toBe(2);
    expect(inside.err).toMatch(
      /^error: Refusing to write ".*x\.md" inside the input folder ".*claude": agentlog never writes next to your logs\.\n$/,
    );
    expect(existsSync(path.join(secretsDir, 'claude/x.md'))).toBe(false);
  });
});

describe('export command line', () => {
  it('says what is wrong in one sentence, with exit code 2', async () => {
    const cases: [string[], string][] = [
      [
        ['export', 'sessions', '--demo', '--format', 'xlsx'],
        'error: Option --format must be "ndjson", "csv" or "parquet", got "xlsx".',
      ],
      [['export', 'all', '--demo'], 'error: Export all needs a folder: pass -o DIR.'],
      [
        ['export', 'transcript', claudeSession, '--detail', 'everything'],
        'error: Option --detail must be "user", "minimal" or "full", got "everything".',
      ],
      [
        ['export', 'usage', '--demo', '--since', 'yesterday'],
        'error: Option --since needs a date like "2026-01-31" or an ISO time, got "yesterday".',
      ],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run(args);
      expect(err.trim(), args.join(' ')).toBe(message);
      expect(code).toBe(2);
    }
    const tty = await run(['export', 'usage', '--demo', '--format', 'parquet'], { tty: true });
    expect(tty.code).toBe(2);
    expect(tty.err.trim()).toBe('error: Parquet is binary: pass -o FILE, or redirect stdout to a file.');
    const inside = await run(['export', 'usage', secretsDir, '-o', path.join(secretsDir, 'usage.csv')]);
    expect(inside.code).toBe(2);
    const missing = await run(['export', 'usage', '/nonexistent/logs']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^error: .*nonexistent\/logs/);
  });

  it('writes CSV to stdout, Parquet to a pipe, a dataset into a folder, and filters like the report commands', async () => {
    const csv = await run(['export', 'sessions', '--demo', '--format', 'csv', '--agent', 'codex']);
    expect(csv.code).toBe(0);
    const [header, ...rows] = csv.out.trim().split('\n');
    expect(header?.startsWith('id,root_session_id,')).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes(',codex,'))).toBe(true);
    const parquet = await run(['export', 'usage', '--demo', '--format', 'parquet']);
    expect(parquet.code).toBe(0);
    expect(parquet.out.startsWith('PAR1')).toBe(true);
    const dir = tempDir('export-dir');
    mkdirSync(path.join(dir, 'sub'));
    const intoDir = await run(['export', 'tool-calls', '--demo', '-o', path.join(dir, 'sub')]);
    expect(intoDir.code).toBe(0);
    expect(readdirSync(path.join(dir, 'sub'))).toEqual(['tool_calls.ndjson']);
    const none = await run(['export', 'sessions', '--demo', '--project', 'no-such-project']);
    expect(none.code).toBe(0);
    expect(none.out).toBe('');
    expect(none.err).toContain('No sessions match.');
  });
});
