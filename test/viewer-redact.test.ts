import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startViewer } from '../src/cli/commands/serve-command.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { patternsFile, secretsDir, survivors } from './fake-secrets.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-viewer-redact-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('--redact in html and serve', () => {
  it('html writes no secret of the fixture, only placeholders, and prints the summary', async () => {
    const out = path.join(work, 'html');
    const io = memoryIo({}, work);
    const code = await runCli(['html', secretsDir, '-o', out, '--redact-patterns', patternsFile], io);
    expect(code).toBe(0);
    expect(io.err()).toMatch(/^Redacted \d+ secrets \(/);
    const pages = readdirSync(path.join(out, 'sessions')).map((p) =>
      readFileSync(path.join(out, 'sessions', p), 'utf8'),
    );
    expect(pages.length).toBeGreaterThan(0);
    const all = pages.join('\n') + readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(survivors(all)).toEqual([]);
    expect(all).toContain('[REDACTED:');
    // Without --redact the same pages do hold them (the check above can fail).
    const plain = path.join(work, 'plain');
    expect(await runCli(['html', secretsDir, '-o', plain], memoryIo({}, work))).toBe(0);
    const raw = readdirSync(path.join(plain, 'sessions')).map((p) =>
      readFileSync(path.join(plain, 'sessions', p), 'utf8'),
    );
    expect(survivors(raw.join('\n')).length).toBeGreaterThan(0);
  });

  it('serve redacts session pages, page data and search snippets', async () => {
    const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(work, 'cache') }, work);
    const viewer = await startViewer(
      [secretsDir],
      { port: '0', host: '127.0.0.1', redact: true, redactPatterns: patternsFile },
      io,
    );
    try {
      const list = await (await fetch(viewer.url)).text();
      const ids = [...list.matchAll(/href="\/session\/([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(ids.length).toBeGreaterThan(0);
      const parts: [string, string][] = [['list', list]];
      for (const id of ids) {
        parts.push([`page ${id}`, await (await fetch(`${viewer.url}session/${id}`)).text()]);
        parts.push([`data ${id}`, await (await fetch(`${viewer.url}api/session/${id}`)).text()]);
      }
      parts.push(['search key', await (await fetch(`${viewer.url}search?q=key`)).text()]);
      parts.push(['search password', await (await fetch(`${viewer.url}search?q=password`)).text()]);
      for (const [where, text] of parts) expect(survivors(text), where).toEqual([]);
      const served = parts.map((p) => p[1]).join('\n');
      expect(served).toContain('[REDACTED:');
    } finally {
      await viewer.close();
    }
  });
});
