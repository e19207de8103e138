import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { createRedactor } from '../src/redaction/index.js';
import { discoverPaths } from '../src/sources/index.js';
import { fakeSecrets, patternsFile, secretsDir, survivors } from './fake-secrets.js';
import { runBuiltCli } from './helpers/run-built-cli.js';

async function run(args: string[]) {
  const io = memoryIo({ HOME: '/nonexistent-home' }, path.resolve(import.meta.dirname, '..'));
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('redaction of the fake-secrets fixture', () => {
  it('the fixture holds every fake secret before redaction', async () => {
    const sessions = await loadSessions((await discoverPaths([secretsDir])).files);
    expect(sessions).toHaveLength(2);
    expect(survivors(JSON.stringify(sessions))).toEqual(Object.keys(fakeSecrets));
  });

  it('no fake secret survives in the redacted session models, and each kind is named', async () => {
    const sessions = await loadSessions((await discoverPaths([secretsDir])).files);
    const redactor = await createRedactor({ patternsFile });
    const redacted = await redactor.redact(sessions);
    const text = JSON.stringify(redacted);
    expect(survivors(text)).toEqual([]);
    const kinds = new Set(Object.values(fakeSecrets).map((s) => s.kind));
    for (const kind of kinds) expect(text, kind).toContain(`[REDACTED:${kind}:`);
    expect(Object.keys(redactor.summary()).sort()).toEqual(expect.arrayContaining([...kinds].sort()));
    // Everything else is kept: same sessions, calls and prompts.
    expect(redacted.map((s) => s.toolCalls.length)).toEqual(sessions.map((s) => s.toolCalls.length));
    expect(redacted[0]?.id).toBe(sessions[0]?.id);
  });

  it('show --redact prints no secret, as text or JSON, and a summary on stderr', async () => {
    const file = path.join(secretsDir, 'claude/5ec7e7aa-0000-4000-8000-00000000f4ce.jsonl');
    for (const extra of [[], ['--json'], ['--full', '--thinking']]) {
      const { code, out, err } = await run([
        'show',
        file,
        '--redact',
        '--redact-patterns',
        patternsFile,
        ...extra,
      ]);
      expect(code).toBe(0);
      expect(survivors(out)).toEqual([]);
      expect(out).toContain('[REDACTED:');
      expect(err).toMatch(/^Redacted \d+ secrets? \(.*aws-access-key \d+.*\)\.\n$/);
    }
    const plain = await run(['show', file, '--full']);
    expect(survivors(plain.out).length).toBeGreaterThan(0);
  });

  it('show --redact finds a Codex rollout by id and redacts it', async () => {
    const { code, out } = await run(['show', '019c0000', '--in', secretsDir, '--redact', '--json']);
    expect(code).toBe(0);
    // Without the patterns file the employee id is not a secret; every other fake secret in the rollout goes.
    expect(survivors(out)).toEqual(['employeeId']);
  });

  it('search --redact shows no secret in any snippet, as a table or JSON, and says what it redacted', async () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'agentlog-search-redact-'));
    const search = async (args: string[]) => {
      const io = memoryIo({ HOME: '/nonexistent-home', AGENTLOG_CACHE_DIR: cache }, cache);
      const code = await runCli(['search', ...args], io);
      return { code, out: io.out(), err: io.err() };
    };
    try {
      let plain = '';
      for (const query of ['AWS', 'password', 'key', 'token', 'postgres', 'BEGIN', 'EMP']) {
        const raw = await search([query, secretsDir, '--limit', '50', '--json']);
        expect(raw.code, query).toBe(0);
        plain += raw.out;
        for (const format of [[], ['--json']]) {
          const args = [query, secretsDir, '--limit', '50', '--redact-patterns', patternsFile, ...format];
          const { code, out, err } = await search(args);
          expect(code, query).toBe(0);
          expect(survivors(out), `${query} ${format.join(' ')}`).toEqual([]);
          expect(err, query).toMatch(/^Redacted (\d+ secrets? \(.+\)|nothing: no secrets found)\.\n$/);
        }
      }
      // The same searches without --redact show secrets (the check above can fail).
      expect(survivors(plain).length).toBeGreaterThan(5);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('a bad patterns file is one sentence and exit code 2', async () => {
    const file = path.join(secretsDir, 'claude/5ec7e7aa-0000-4000-8000-00000000f4ce.jsonl');
    const missing = await run(['show', file, '--redact-patterns', '/nonexistent/redact.json']);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      'error: Cannot read the redaction patterns file "/nonexistent/redact.json": it does not exist.\n',
    );
    const invalid = await run([
      'show',
      file,
      '--redact-patterns',
      path.join(secretsDir, 'fake-secrets.json'),
    ]);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(/^error: The redaction patterns file ".*fake-secrets\.json" is invalid at /);
  });

  it('the built CLI redacts as the sources do: show and search run from its main bundle, secretlint with them', async () => {
    const file = path.join(secretsDir, 'claude/5ec7e7aa-0000-4000-8000-00000000f4ce.jsonl');
    const cache = mkdtempSync(path.join(tmpdir(), 'agentlog-built-redact-'));
    try {
      for (const args of [
        ['show', file, '--redact', '--redact-patterns', patternsFile, '--json'],
        ['search', 'AWS', secretsDir, '--redact-patterns', patternsFile, '--json'],
      ]) {
        const env = { HOME: '/nonexistent-home', AGENTLOG_CACHE_DIR: cache };
        const built = await runBuiltCli(args, cache, env);
        expect(built.code, built.err).toBe(0);
        const io = memoryIo(env, cache);
        expect(await runCli(args, io)).toBe(0);
        expect(built.out, args[0]).toBe(io.out());
        expect(built.err, args[0]).toBe(io.err());
        expect(survivors(built.out)).toEqual([]);
      }
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
