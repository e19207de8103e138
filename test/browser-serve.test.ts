import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningViewer, startViewer } from '../src/cli/commands/serve-command.js';
import { memoryIo } from '../src/cli/output.js';
import { listSessions, readSession } from '../src/lifecycle/load-sessions.js';
import { launchChromium } from './browser.js';
import { corpusDir, corpusMoreDir } from './corpus.js';
import { hostileSessionId, writeHostileFixture } from './fixtures/hostile/hostile-fixture.js';

/** The agents of corpus-more. */
const moreAgents = ['gemini-cli', 'copilot-cli', 'qwen-code', 'pi', 'cursor', 'opencode'];

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-browser-serve-'));
const logs = path.join(work, 'logs');
const liveSessionId = '11111111-2222-4333-8444-555555555555';
const liveFile = path.join(logs, 'live', '-tmp-live', `${liveSessionId}.jsonl`);
let browser: Browser;
let viewer: RunningViewer;

beforeAll(async () => {
  cpSync(corpusDir, path.join(logs, 'corpus'), { recursive: true });
  for (const agent of moreAgents)
    cpSync(path.join(corpusMoreDir, agent), path.join(logs, agent), { recursive: true });
  writeHostileFixture(path.join(logs, 'hostile'));
  mkdirSync(path.dirname(liveFile), { recursive: true });
  // A copy with its own session id (the corpus copy above keeps the original one).
  const original = readFileSync(
    path.join(corpusDir, 'marot__spotter/test/fixtures/transcripts/short.jsonl'),
    'utf8',
  );
  writeFileSync(liveFile, original.replaceAll('55604662-cf2a-4331-851a-ec234028f8ca', liveSessionId));
  const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(work, 'cache') }, work);
  viewer = await startViewer([logs], { port: '0', host: '127.0.0.1' }, io);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await viewer?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(url: string): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(viewer.url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto(url);
  return { page, errors, foreign };
}

describe('agentlog serve in Chromium', () => {
  it('answers only GET and HEAD, and sends its policy', async () => {
    const post = await fetch(viewer.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const get = await fetch(viewer.url);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(get.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const html = await get.text();
    expect(html).not.toMatch(/<script>/);
    const head = await fetch(viewer.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('lists sessions with filters, and a session page has a card per tool call', async () => {
    const { page, errors, foreign } = await open(`${viewer.url}?agent=codex`);
    const agents = await page.locator('table.list td.title .dim').allTextContents();
    expect(agents.length).toBeGreaterThan(0);
    expect(agents.every((a) => a.startsWith('codex'))).toBe(true);
    const file = path.join(
      logs,
      'corpus/iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl',
    );
    const model = await readSession(file);
    await page.goto(`${viewer.url}session/7acd37a8-2745-4b58-a8a9-46164b22ad9e`);
    await page.click('#show-all');
    const cards = await page.locator('.transcript[data-t="0"] > .item .tool-card').count();
    expect(cards).toBe(model?.toolCalls.length);
    expect(await page.locator('.tool-card[data-tool="Edit"] .diff tr.add').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it.each(moreAgents)(
    'lists %s sessions by agent, each session page with a card per tool call',
    async (agent) => {
      const { page, errors, foreign } = await open(`${viewer.url}?agent=${agent}`);
      const agents = await page.locator('table.list td.title .dim').allTextContents();
      expect(agents.every((a) => a.startsWith(agent))).toBe(true);
      const links = await page
        .locator('table.list td.title a')
        .evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href));
      const { sessions } = await listSessions({ paths: [path.join(logs, agent)] });
      expect(links.length).toBe(sessions.length);
      expect(links.length).toBeGreaterThan(0);
      let cards = 0;
      for (const link of links) {
        await page.goto(link);
        await page.click('#show-all');
        cards += await page.locator('.transcript[data-t="0"] > .item .tool-card').count();
      }
      // Every call of the agent's files (each agent's corpus test ties these to a plain walk of the files).
      expect(cards).toBe(sessions.reduce((n, s) => n + s.toolCalls.length, 0));
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
      await page.close();
    },
  );

  it('finds a known string and links to the message', async () => {
    const { page, errors } = await open(`${viewer.url}search?q=phoenix`);
    const hits = page.locator('.hit');
    expect(await hits.count()).toBeGreaterThan(0);
    expect((await page.locator('.hit mark').first().textContent())?.toLowerCase()).toBe('phoenix');
    const prompt = page.locator('.hit', { hasText: 'prompt' }).first();
    await prompt.locator('a').click();
    await page.waitForURL(/\/session\/.+#m-/);
    await expect.poll(() => page.locator('.target-hit').count()).toBe(1);
    expect((await page.locator('.target-hit').textContent())?.toLowerCase()).toContain('phoenix');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the dashboard charts with Chart.js from this server', async () => {
    const { page, errors, foreign } = await open(`${viewer.url}dashboard`);
    const drawn = await page.evaluate(
      `['chart-calls', 'chart-errors', 'chart-usage'].map((id) => Boolean(window.Chart && window.Chart.getChart(document.getElementById(id))))`,
    );
    expect(drawn).toEqual([true, true, true]);
    expect(await page.locator('table.list tbody tr').count()).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('shows messages appended to a live session within two seconds', async () => {
    const lines = readFileSync(liveFile, 'utf8').trim().split('\n');
    const last = JSON.parse(lines.at(-1) ?? '{}') as { uuid?: string; sessionId?: string; cwd?: string };
    const { page, errors } = await open(`${viewer.url}session/${last.sessionId}`);
    await expect.poll(() => page.locator('#live-indicator').textContent(), { timeout: 5000 }).toBe('● live');
    const record = {
      type: 'user',
      uuid: 'live-appended-1',
      parentUuid: last.uuid ?? null,
      sessionId: last.sessionId,
      cwd: last.cwd,
      timestamp: new Date().toISOString(),
      message: { role: 'user', content: 'LIVE-APPENDED-PROMPT from the test' },
    };
    const started = Date.now();
    appendFileSync(liveFile, `${JSON.stringify(record)}\n`);
    await page.locator('text=LIVE-APPENDED-PROMPT').waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs no script from the hostile fixture', async () => {
    const { page, errors, foreign } = await open(`${viewer.url}session/${hostileSessionId}`);
    await page.click('#show-all');
    await page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
    await page.waitForTimeout(300);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('main img, main svg, main iframe').count()).toBe(0);
    expect((await page.locator('main').textContent()) ?? '').toContain(
      '<script>window.__pwned="prompt"</script>',
    );
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    const search = await open(`${viewer.url}search?q=${encodeURIComponent('pwned script')}`);
    expect(await search.page.locator('.hit').count()).toBeGreaterThan(0);
    expect(await search.page.evaluate('window.__pwned')).toBeUndefined();
    expect(await search.page.locator('.hit script, .hit img').count()).toBe(0);
    await search.page.close();
    await page.close();
  });
});
