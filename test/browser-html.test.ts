import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { listSessions } from '../src/lifecycle/load-sessions.js';
import { launchChromium } from './browser.js';
import { corpusDir, corpusMoreDir } from './corpus.js';
import { writeHostileFixture } from './fixtures/hostile/hostile-fixture.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-browser-html-'));
const out = path.join(work, 'html');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Opens a page and records every request that is not the file itself or a data: URL, and every page error. */
async function open(url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (r.url() !== url && !r.url().startsWith('data:')) requests.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(url);
  return { page, requests, errors };
}

describe('agentlog html pages in Chromium', () => {
  beforeAll(async () => {
    const code = await runCli(['html', corpusDir, '-o', out], memoryIo({}, work));
    expect(code).toBe(0);
  }, 60_000);

  it('opens every page offline: no request to anything, no script error; cards match the model', async () => {
    const { sessions } = await listSessions({ paths: [corpusDir] });
    const byPage = new Map<string, number>();
    const index = await open(pathToFileURL(path.join(out, 'index.html')).href);
    const links = await index.page
      .locator('table.list a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await index.page.close();
    expect(links).toHaveLength(sessions.length);
    for (const session of sessions) byPage.set(session.id, session.toolCalls.length);
    const pages = readdirSync(path.join(out, 'sessions'));
    expect(pages).toHaveLength(sessions.length);
    // One tab for all pages (quick); every request other than the page itself is recorded.
    const first = await open('about:blank');
    for (const name of pages) {
      const url = pathToFileURL(path.join(out, 'sessions', name)).href;
      first.requests.length = 0;
      await first.page.goto(url);
      const counts = (await first.page.evaluate(`(() => {
        window.agentlogViewer.renderAll(0);
        const main = document.querySelector('.transcript[data-t="0"]');
        return {
          cards: main.querySelectorAll(':scope > .item .tool-card').length,
          nested: main.querySelectorAll(':scope > .item details.subagent .tool-card').length,
          expected: Number(main.getAttribute('data-tool-cards')),
          id: document.querySelector('dl.facts div:last-child dd').textContent,
        };
      })()`)) as { cards: number; nested: number; expected: number; id: string };
      expect(counts.cards - counts.nested, name).toBe(counts.expected);
      expect(counts.expected, name).toBe(byPage.get(counts.id));
      expect(
        first.requests.filter((r) => r !== url),
        name,
      ).toEqual([]);
    }
    expect(first.errors).toEqual([]);
    await first.page.close();
  }, 60_000);

  it('shows an Edit as a coloured diff and opens a subagent', async () => {
    const edit = await open(
      pathToFileURL(path.join(out, 'sessions', '7acd37a8-2745-4b58-a8a9-46164b22ad9e.html')).href,
    );
    await edit.page.click('#show-all');
    const diff = edit.page.locator('.tool-card[data-tool="Edit"] .diff tr.add').first();
    await expect.poll(() => diff.isVisible()).toBe(true);
    const colour = await diff.evaluate(
      (el) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
        ).getComputedStyle(el).backgroundColor,
    );
    expect(colour).not.toBe('rgba(0, 0, 0, 0)');
    await edit.page.close();

    const sub = await open(
      pathToFileURL(path.join(out, 'sessions', '29ccd257-68b1-427f-ae5f-6524b7cb6f20.html')).href,
    );
    const details = sub.page.locator('details.subagent').first();
    expect(await details.locator('.tool-card').count()).toBe(0);
    await details.locator('summary').click();
    await expect.poll(() => details.locator('.tool-card').count()).toBe(24);
    expect(await details.locator('.tool-card').first().isVisible()).toBe(true);
    await sub.page.close();
  });
});

// Every agent of corpus-more.
describe.each(['gemini-cli', 'copilot-cli', 'qwen-code', 'pi', 'cursor', 'opencode'])(
  '%s pages in Chromium (html)',
  (agent) => {
    const geminiDir = path.join(corpusMoreDir, agent);
    const geminiOut = path.join(work, `${agent}-html`);

    it('opens every page offline with no script error, one tool card per call', async () => {
      expect(await runCli(['html', geminiDir, '-o', geminiOut], memoryIo({}, work))).toBe(0);
      const { sessions } = await listSessions({ paths: [geminiDir] });
      expect(sessions.length).toBeGreaterThan(0);
      expect(new Set(sessions.map((s) => s.agent))).toEqual(new Set([agent]));
      const pages = readdirSync(path.join(geminiOut, 'sessions'));
      expect(pages).toHaveLength(sessions.length);
      const tab = await open('about:blank');
      let cards = 0;
      for (const name of pages) {
        const url = pathToFileURL(path.join(geminiOut, 'sessions', name)).href;
        tab.requests.length = 0;
        await tab.page.goto(url);
        const counts = (await tab.page.evaluate(`(() => {
        window.agentlogViewer.renderAll(0);
        const main = document.querySelector('.transcript[data-t="0"]');
        return {
          cards: main.querySelectorAll(':scope > .item .tool-card').length,
          expected: Number(main.getAttribute('data-tool-cards')),
        };
      })()`)) as { cards: number; expected: number };
        expect(counts.cards, name).toBe(counts.expected);
        cards += counts.cards;
        expect(
          tab.requests.filter((r) => r !== url),
          name,
        ).toEqual([]);
      }
      // Every call of every file (the corpus test ties these to a plain walk of the files).
      expect(cards).toBe(sessions.reduce((n, s) => n + s.toolCalls.length, 0));
      expect(tab.errors).toEqual([]);
      await tab.page.close();
    }, 60_000);
  },
);

describe('the hostile fixture in Chromium (html)', () => {
  it('runs no script from the log and shows the payloads as text', async () => {
    const file = writeHostileFixture(path.join(work, 'hostile'));
    const page = path.join(work, 'hostile.html');
    expect(await runCli(['html', file, '-o', page], memoryIo({}, work))).toBe(0);
    const { page: p, requests, errors } = await open(pathToFileURL(page).href);
    await p.click('#show-all');
    await p.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
    await p.waitForTimeout(300);
    expect(await p.evaluate('window.__pwned')).toBeUndefined();
    expect(await p.locator('script:not([type="application/json"])').count()).toBe(1);
    expect(await p.locator('main img, main svg, main iframe').count()).toBe(0);
    expect(await p.locator('a[href^="javascript:"]').count()).toBe(0);
    const text = (await p.locator('main').textContent()) ?? '';
    expect(text).toContain('<script>window.__pwned="prompt"</script>');
    expect(text).toContain('</script><script>window.__pwned="result"</script>');
    expect(await p.title()).toContain('<script>');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await p.close();
  }, 30_000);
});
