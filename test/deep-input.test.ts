import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationReport } from '../src/reader/validation-report.js';
import { type BuiltPackage, buildPackage, run } from './docs/build-package.js';
import {
  type DeepFixture,
  deepClaudeSessionId,
  deepCodexSessionId,
  writeDeepFixture,
} from './fixtures/deep/deep-fixture.js';
import { tempDir } from './index-helpers.js';

/**
 * Issue 15 "No input kills a run": logs nesting far beyond the stack (100,000 levels of arrays, 8,000 of
 * objects) in every place a log holds JSON, with a repeated uuid, a uuid cycle and a self-parent, through
 * every data command of the built CLI, with the index and without. Before the depth bound, `ls`, `report`,
 * `show`, `html`, `search`, `export tool-calls`... died with "Maximum call stack size exceeded".
 */
let pkg: BuiltPackage;
beforeAll(() => {
  pkg = buildPackage();
}, 180_000);
afterAll(() => pkg?.cleanup());

describe.each([
  [100_000, 'array'],
  [8_000, 'object'],
] as const)('the CLI on logs nested %i levels deep (%s)', (depth, shape) => {
  let fixture: DeepFixture;
  const dirs: string[] = [];
  beforeAll(() => {
    const dir = tempDir('deep');
    dirs.push(dir);
    fixture = writeDeepFixture(dir, depth, shape);
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const cli = (args: string[], cache: string) => {
    const result = run(process.execPath, [path.join(pkg.dist, 'cli/main.js'), ...args], pkg.dir, {
      env: { ...process.env, NO_COLOR: '1', AGENTLOG_CACHE_DIR: cache, COLUMNS: '80' },
    });
    expect(result.stderr).not.toMatch(/Unexpected failure|call stack|RangeError/);
    expect(result.status, `agentlog ${args.join(' ')}: ${result.stderr}`).toBe(0);
    return result.stdout;
  };
  const paths = () => [fixture.claudeDir, fixture.codexDir];

  it.each([[true], [false]])(
    'every data command exits 0 and keeps both sessions (index: %s)',
    (withIndex) => {
      const cache = tempDir('deep-cache');
      dirs.push(cache);
      const noCache = withIndex ? [] : ['--no-cache'];
      const listed = JSON.parse(cli(['ls', '--json', ...noCache, ...paths()], cache)) as { id: string }[];
      expect(listed.map((s) => s.id).sort()).toEqual([deepClaudeSessionId, deepCodexSessionId].sort());
      const report = JSON.parse(cli(['report', '--json', ...noCache, ...paths()], cache)) as object;
      expect(report).toBeTypeOf('object');
      for (const command of ['tools', 'usage', 'blocks', 'errors'])
        expect(cli([command, ...noCache, ...paths()], cache)).not.toBe('');
      const validation = JSON.parse(
        cli(['validate', '--json', ...noCache, ...paths()], cache),
      ) as ValidationReport;
      expect(validation.lines).toBe(23);
      expect(validation.errors).toEqual([]);
      const deepIssues = validation.schemaIssues.filter((i) => i.message.includes('levels deep'));
      // Claude Code lines 2, 3, 4, 5 (two inputs), 6 (content and toolUseResult), 7, 11, 12: 10 values;
      // Codex lines 1, 3, 7, 8, 9, 10, 11: 7 values (line 5's arguments are JSON text, line 6 a string).
      expect(deepIssues.reduce((n, i) => n + i.count, 0)).toBe(17);
      expect(deepIssues.every((i) => /\.jsonl$/.test(i.first.file) && i.first.line > 0)).toBe(true);
      if (withIndex) {
        const hits = JSON.parse(cli(['search', 'cycle', '--json', ...paths()], cache)) as unknown[];
        expect(hits.length).toBeGreaterThan(0);
      }
      const calls = cli(['export', 'tool-calls', ...paths()], cache)
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id);
      expect(calls.sort()).toEqual(['call-1', 'call-2', 'toolu_1', 'toolu_2']);
      const messages = cli(['export', 'messages', ...paths()], cache);
      expect(messages).toContain('cycle b');
      expect(
        cli(['export', 'sessions', ...paths()], cache)
          .trim()
          .split('\n'),
      ).toHaveLength(2);
    },
    120_000,
  );

  it('show, html and export transcript render each session', () => {
    const cache = tempDir('deep-cache');
    dirs.push(cache);
    const shown = cli(['show', deepClaudeSessionId, '--in', ...paths()], cache);
    for (const text of ['repeated uuid', 'cycle a', 'cycle b', 'self parent', 'Bash'])
      expect(shown).toContain(text);
    expect(cli(['show', deepCodexSessionId, '--in', ...paths()], cache)).toContain('shell');
    expect(JSON.parse(cli(['show', deepClaudeSessionId, '--json', '--in', ...paths()], cache))).toMatchObject(
      {
        id: deepClaudeSessionId,
      },
    );
    const out = path.join(cache, 'page.html');
    cli(['html', deepClaudeSessionId, '-o', out, '--in', ...paths()], cache);
    const folder = path.join(cache, 'pages');
    cli(['html', '-o', folder, ...paths()], cache);
    expect(cli(['export', 'transcript', deepCodexSessionId, '--in', ...paths()], cache)).toContain('hi');
  }, 120_000);
});
