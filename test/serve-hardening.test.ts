import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningViewer, startViewer } from '../src/cli/commands/serve-command.js';
import { memoryIo } from '../src/cli/output.js';
import { corpusDir } from './corpus.js';

const work = mkdtempSync(path.join(tmpdir(), 'agentlog-serve-hardening-'));
const io = () => memoryIo({ AGENTLOG_CACHE_DIR: path.join(work, 'cache') }, work);
const serveFlags = { port: '0', host: '127.0.0.1' };
/** 570 words ending in *, 1,710 characters: unbounded, it keeps SQLite busy for seconds on the corpus. */
const costly = Array.from(
  { length: 30 },
  () => 'a* b* c* d* e* f* g* h* i* j* k* l* m* n* o* p* r* s* t*',
).join(' ');

let viewer: RunningViewer;
beforeAll(async () => {
  viewer = await startViewer([corpusDir], serveFlags, io());
}, 60_000);
afterAll(async () => {
  await viewer?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A GET with exactly this path and these headers (fetch would normalise the path). */
function get(url: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(url);
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const search = (url: string, query: string, page?: number) =>
  get(url, `/search?q=${encodeURIComponent(query)}${page === undefined ? '' : `&page=${page}`}`);

describe('serve: searches are bounded', () => {
  it('refuses a query with many prefix terms, a long one, or a short prefix: 400 and one sentence', async () => {
    const many = await search(viewer.url, 'alpha* beta* gamma* delta* epsilon*');
    expect(many.status).toBe(400);
    expect(many.body).toContain('The search query has 5 words ending in *; at most 4 are searched.');
    const long = await search(viewer.url, costly);
    expect(long.status).toBe(400);
    expect(long.body).toContain('The search query has 1709 characters; at most 500 are searched.');
    const short = await search(viewer.url, 'session ab*');
    expect(short.status).toBe(400);
    expect(short.body).toContain('The prefix &quot;ab*&quot; is too short');
    // A NUL is text SQLite does not take: a bad query (400), not a failure of the viewer (500).
    const nul = await search(viewer.url, 'session\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body).toContain('The search failed:');
    const fine = await search(viewer.url, 'sess* tool*');
    expect(fine.status).toBe(200);
    expect(fine.body).toContain('class="hit"');
  });

  it('pages the hits: 100 a page, a link to the next, at most 10 pages', async () => {
    const first = await search(viewer.url, 'the');
    expect(first.status).toBe(200);
    expect(first.body.match(/class="hit"/g)).toHaveLength(100);
    expect(first.body).toContain('Hits 1 to 100 for “the”');
    expect(first.body).toContain('href="/search?q=the&amp;page=2">next →</a>');
    const second = await search(viewer.url, 'the', 2);
    expect(second.body).toContain('Hits 101 to');
    expect(second.body).toContain('href="/search?q=the">← previous</a>');
    const firstHits: string[] = first.body.match(/<div class="where">.*?<\/div>/g) ?? [];
    const secondHits = second.body.match(/<div class="where">.*?<\/div>/g) ?? [];
    expect(secondHits.length).toBeGreaterThan(0);
    expect(secondHits.filter((h) => firstHits.includes(h)).length).toBeLessThan(secondHits.length);
    for (const bad of [0, 11]) expect((await search(viewer.url, 'the', bad)).status).toBe(400);
  });

  it('keeps answering while a costly search runs, and stops that search at its budget with 503', async () => {
    // The bounds are lifted here so that the costly query runs at all.
    const open = await startViewer([corpusDir], serveFlags, io(), {
      limits: { maxLength: 1e6, maxTerms: 1e6, maxPrefixTerms: 1e6, minPrefixLength: 1 },
      budgetMs: 4000,
    });
    try {
      expect((await get(open.url, '/')).status).toBe(200);
      const order: string[] = [];
      const started = Date.now();
      // Twice the costly query: far past the budget even on a fast machine.
      const costlySearch = search(open.url, `${costly} ${costly}`).then((r) => {
        order.push('search');
        return { ...r, ms: Date.now() - started };
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const listStarted = Date.now();
      const list = await get(open.url, '/');
      const listMs = Date.now() - listStarted;
      order.push('list');
      expect(list.status).toBe(200);
      expect(listMs).toBeLessThan(3000);
      const answer = await costlySearch;
      expect(order).toEqual(['list', 'search']);
      expect(answer.status).toBe(503);
      expect(answer.body).toContain('was stopped: narrow it');
      // The next search runs in a fresh process.
      expect((await search(open.url, 'session')).status).toBe(200);
    } finally {
      await open.close();
    }
  }, 60_000);
});

describe('serve: malformed and foreign requests', () => {
  it('answers 400, not 500, to a broken %-escape or an address that is no URL', async () => {
    for (const bad of ['/session/%ff', '/api/session/%E0%A4%A', '/session/%ff/events', '//[']) {
      const answer = await get(viewer.url, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body, bad).toContain('This address is not well formed');
    }
  });

  it('refuses what another site asks for in the background, and serves links opened from elsewhere', async () => {
    const image = await get(viewer.url, '/search?q=session', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'image',
    });
    expect(image.status).toBe(403);
    const opened = await get(viewer.url, '/', {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(opened.status).toBe(200);
    const own = await get(viewer.url, '/assets/viewer.css', {
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'style',
    });
    expect(own.status).toBe(200);
  });
});
