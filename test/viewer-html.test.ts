import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allCalls } from '../src/analytics/session-summary.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { readSession } from '../src/lifecycle/load-sessions.js';
import { renderSession } from '../src/viewer/render-session.js';
import { corpusDir, corpusPath } from './corpus.js';
import { hostileSessionId, writeHostileFixture } from './fixtures/hostile/hostile-fixture.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-html-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(args: string[], cwd = work) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(work, 'cache') }, cwd);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** The `<script>` elements of a page that are not our JSON data blocks. */
function executableScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);
}

describe('agentlog html: the hostile fixture', () => {
  const logs = path.join(work, 'hostile-logs');
  const file = writeHostileFixture(logs, { bigLineBytes: 10 * 1024 * 1024 });

  it('renders every hostile string as text: one script of ours, nothing from the log', async () => {
    const out = path.join(work, 'hostile.html');
    const { code, err } = await run(['html', file, '-o', out]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const html = readFileSync(out, 'utf8');
    // Exactly one executable script, ours, allowed by its hash; the policy forbids everything else.
    expect(executableScripts(html)).toEqual(['<script>']);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;sha256-/,
    );
    expect(html).not.toMatch(/<script>window/);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/https:\/\/evil\.example\/t\.png"/);
    // The 10 MB line is cut, with the place of the whole text.
    expect(html.length).toBeLessThan(2 * 1024 * 1024);
    expect(html).toContain('more characters not included');
    expect(html).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('puts the escaped texts in the items', async () => {
    const session = await readSession(file);
    expect(session?.id).toBe(hostileSessionId);
    const rendered = renderSession(session as NonNullable<typeof session>);
    const all = rendered.transcripts.flatMap((t) => t.items.map((i) => i.html)).join('\n');
    for (const text of [
      '&lt;script&gt;window.__pwned=&quot;prompt&quot;&lt;/script&gt;',
      '&lt;/script&gt;&lt;script&gt;window.__pwned=&quot;result&quot;',
      '[image of type image/svg+xml not shown]',
      'lone surrogate: \uFFFD end',
      '<span class="md-image">[image: tracker] <code>https://evil.example/t.png</code></span>',
    ])
      expect(all.includes(text), text).toBe(true);
    expect(rendered.header.includes('&lt;script&gt;window.__pwned=&quot;title&quot;')).toBe(true);
    // The line with invalid UTF-8 is not a message: it is listed with its place, not dropped.
    expect(rendered.header).toMatch(/hostile-session\.jsonl:8<\/code> invalid-utf8/);
    expect(rendered.toolCards).toBe(allCalls(session as NonNullable<typeof session>).length);
  });
});

describe('agentlog html on the corpus', () => {
  it('writes a page for every session and an index linking them', async () => {
    const out = path.join(work, 'corpus-html');
    const { code, out: stdout } = await run(['html', corpusDir, '-o', out]);
    expect(code).toBe(0);
    const ls = JSON.parse((await run(['ls', corpusDir, '--json', '--no-cache'])).out) as { id: string }[];
    const pages = readdirSync(path.join(out, 'sessions'));
    expect(pages).toHaveLength(ls.length);
    expect(stdout).toContain(`Wrote ${ls.length} session pages`);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    for (const page of pages) expect(index).toContain(`href="sessions/${page}"`);
    expect(executableScripts(index)).toEqual([]);
  });

  it('writes one file for one session, by path or by id', async () => {
    const { code, out } = await run(['html', '29ccd257', '--in', corpusDir, '-o', 'one.html']);
    expect(code).toBe(0);
    expect(out).toContain('Wrote one.html (25 tool calls).');
    expect(existsSync(path.join(work, 'one.html'))).toBe(true);
    const byPath = await run([
      'html',
      corpusPath(
        'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
      ),
    ]);
    expect(byPath.code).toBe(0);
    expect(existsSync(path.join(work, 'agentlog-html', '29ccd257-68b1-427f-ae5f-6524b7cb6f20.html'))).toBe(
      true,
    );
  });

  it('refuses to write inside an input folder, in one sentence, exit 2', async () => {
    const inside = path.join(corpusDir, 'marot__spotter', 'out');
    const { code, err } = await run(['html', path.join(corpusDir, 'marot__spotter'), '-o', inside]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^error: The output ".*" is inside the input folder ".*"; agentlog never writes next to your logs\./,
    );
    expect(existsSync(inside)).toBe(false);
  });

  it('refuses a single page inside the --in folder or the agent folders, in one sentence, exit 2', async () => {
    const logs = path.join(work, 'single-logs');
    cpSync(path.join(corpusDir, 'marot__spotter'), logs, { recursive: true });
    const id = '55604662-cf2a-4331-851a-ec234028f8ca';
    const refused =
      /^error: The output ".*" is inside the input folder ".*"; agentlog never writes next to your logs\./;
    // The session's file lies deep under the --in folder; the page would go to the folder's top.
    const byId = path.join(logs, 'page.html');
    const inFolder = await run(['html', id, '--in', logs, '-o', byId]);
    expect(inFolder.err).toMatch(refused);
    expect(inFolder.code).toBe(2);
    expect(existsSync(byId)).toBe(false);
    // A transcript given by path, the page under the agent's folder (CLAUDE_CONFIG_DIR) but beside no input.
    const file = corpusPath('marot__spotter/test/fixtures/transcripts/short.jsonl');
    const config = path.join(work, 'claude-config');
    const page = path.join(config, 'pages', 'short.html');
    const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(work, 'cache'), CLAUDE_CONFIG_DIR: config }, work);
    expect(await runCli(['html', file, '-o', page], io)).toBe(2);
    expect(io.err()).toMatch(refused);
    expect(existsSync(page)).toBe(false);
  });

  it('says so when no session matches', async () => {
    const { code, err } = await run([
      'html',
      corpusDir,
      '--since',
      '2099-01-01',
      '-o',
      path.join(work, 'none'),
    ]);
    expect(code).toBe(1);
    expect(err).toBe('error: No sessions match the filters; nothing was written.\n');
  });
});
