import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeToolInventory } from '../src/analytics/tool-inventory.js';
import { startViewer } from '../src/cli/commands/serve-command.js';
import { describeTool } from '../src/cli/describe-tool.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { transcriptMarkdown } from '../src/exporters/transcript-markdown.js';
import { loadSessions, readSession } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths } from '../src/sources/index.js';
import { renderSession } from '../src/viewer/render-session.js';
import { createViewerServer } from '../src/viewer/server/viewer-server.js';
import type { ViewerSource } from '../src/viewer/server/viewer-source.js';
import { findByRouteId } from '../src/viewer/session-route-ids.js';
import { corpusDir, corpusMoreDir, corpusPath } from './corpus.js';

/**
 * Issue 16, point 5: sessions and files that look alike. A Codex rollout under another name is read,
 * and what default discovery skips is said in `report` (one line) and `validate` (listed); a result whose
 * call is not in the log is shown as such.
 */
const root = mkdtempSync(path.join(tmpdir(), 'agentlog-lookalike-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(args: string[], env: NodeJS.ProcessEnv) {
  const io = memoryIo(env);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('default discovery of Codex files that are not named rollout-*.jsonl', () => {
  const codexHome = path.join(root, 'codex-home');
  const day = path.join(codexHome, 'sessions', '2025', '07', '10');
  mkdirSync(day, { recursive: true });
  copyFileSync(
    path.resolve(
      import.meta.dirname,
      'fixtures/codex/rollout-2025-07-10T09-12-33-0197f3a2-5b1c-7e40-9d2a-6c8e1f0b4a73.jsonl',
    ),
    path.join(day, 'my-backup.jsonl'),
  );
  writeFileSync(path.join(day, 'notes.jsonl'), '{"type":"user","text":"not a rollout"}\n');
  const env = {
    CODEX_HOME: codexHome,
    CLAUDE_CONFIG_DIR: path.join(root, 'no-claude'),
    AGENTLOG_CACHE_DIR: path.join(root, 'cache'),
    COLUMNS: '200',
  };

  it('reads a renamed rollout that starts with its session header', async () => {
    const { code, out } = await run(['ls', '--json'], env);
    expect(code).toBe(0);
    const sessions = JSON.parse(out) as { id: string; agent: string }[];
    expect(sessions.map((s) => [s.id, s.agent])).toEqual([['0197f3a2-5b1c-7e40-9d2a-6c8e1f0b4a73', 'codex']]);
  });

  it('says in report, in one line, that a file was skipped', async () => {
    const { code, out } = await run(['report'], env);
    expect(code).toBe(0);
    const lines = out.split('\n').filter((l) => l.includes('skipped'));
    expect(lines).toEqual([
      '1 file skipped as not a session log (not a Codex rollout: 1); agentlog validate says which.',
    ]);
    // On a narrow terminal the sentence is cut between words into lines that fit.
    const narrow = await run(['report'], { ...env, COLUMNS: '40' });
    const at = narrow.out.split('\n').findIndex((l) => l.startsWith('1 file skipped'));
    const cut = narrow.out.split('\n').slice(at, at + 3);
    expect(cut.every((l) => l.length <= 40)).toBe(true);
    expect(cut.join(' ')).toBe(lines[0]);
  });

  it('lists the skipped file and why in validate (text and JSON)', async () => {
    const text = await run(['validate'], env);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Skipped files (not read as session logs)');
    expect(text.out).toMatch(/notes\.jsonl .*Not a Codex rollout: its first line is not a session header/);
    const json = await run(['validate', '--json'], env);
    const report = JSON.parse(json.out) as { skippedFiles: { path: string; reason: string }[] };
    expect(report.skippedFiles.map((s) => path.basename(s.path))).toEqual(['notes.jsonl']);
  });
});

function flatten(session: Session): Session[] {
  return [session, ...session.subagents.flatMap((sub) => flatten(sub.session))];
}

describe('a tool result whose call is not in the log', () => {
  const file = corpusPath(
    'codemie-ai__codemie-code/tests/integration/conversations/fixtures/sessions/5c187f31.jsonl',
  );

  it('is a result without its call in the model, not a tool named "(unknown)"', async () => {
    const session = await readSession(file);
    const orphans = (session?.toolCalls ?? []).filter((c) => c.status === 'orphan_result');
    expect(orphans.map((c) => c.name)).toEqual(['(result without its call)']);
    const all = (await loadSessions((await discoverPaths([corpusDir])).files)).flatMap(flatten);
    expect(all.flatMap((s) => s.toolCalls).filter((c) => c.name === '(unknown)')).toEqual([]);
  });

  it('is shown as such by tools, the transcript export and the viewer', async () => {
    const session = await readSession(file);
    if (!session) throw new Error('not read');
    const rows = computeToolInventory([session], { describe: describeTool });
    expect(rows.find((r) => r.tool === '(result without its call)')).toMatchObject({
      calls: 1,
      orphanResults: 1,
      description: 'Results whose call is not in the log (tool not known)',
    });
    const markdown = [...transcriptMarkdown(session, 'minimal')].join('\n');
    expect(markdown).toContain('**(result without its call)**');
    expect(markdown).not.toContain('(unknown)');
    const html = JSON.stringify(renderSession(session).transcripts);
    expect(html).toContain('(result without its call)');
    expect(html).not.toContain('(unknown)');
  });
});

describe('files with no message at all', () => {
  const metadataOnly = corpusPath(
    'AcidicSoil__codex-session-view/public/demos/example-session-metadata.jsonl',
  );
  const gemini = path.join(
    corpusMoreDir,
    'gemini-cli/lanegrid__agtrace/crates/agtrace-providers/tests/samples/gemini_session.json',
  );
  const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-empty'), COLUMNS: '200' };

  it('are not listed as empty sessions by ls', async () => {
    const { code, out } = await run(['ls', corpusDir, '--json'], env);
    expect(code).toBe(0);
    const listed = JSON.parse(out) as { id: string; files?: string[]; messages: number; subagents: number }[];
    // The Codex file holds one session_meta record and nothing else (a plain scan of its one line).
    expect(listed.map((s) => s.id)).not.toContain('019ab22c-95af-7160-b11d-8f552d0ce721');
    expect(listed.every((s) => s.messages > 0 || s.subagents > 0)).toBe(true);
    // A Gemini CLI document is read through its adapter (issue 18): one session, with its messages.
    const more = JSON.parse((await run(['ls', gemini, '--json'], env)).out) as {
      agent: string;
      messages: number;
    }[];
    expect(more.map((s) => s.agent)).toEqual(['gemini-cli']);
    expect(more[0]?.messages).toBeGreaterThan(0);
  });

  it('are counted in one line by ls and report, pointing at validate, not hidden without a word', async () => {
    for (const args of [
      ['ls', metadataOnly],
      ['report', metadataOnly],
      ['ls', metadataOnly, '--no-cache'],
    ]) {
      const { code, out } = await run(args, env);
      expect({ args, code }).toEqual({ args, code: 0 });
      expect(out).toContain(
        '1 file holds no conversation (metadata only), so it is not listed: agentlog validate shows its lines.',
      );
    }
  });

  it('are left out of export as out of ls, saying so in one line', async () => {
    // A file no line of which reads as JSON (no agent's session).
    const noLine = path.join(root, 'not-a-session.jsonl');
    writeFileSync(noLine, 'not json at all\n{also not json\n');
    for (const dataset of ['sessions', 'messages', 'usage']) {
      const { code, out, err } = await run(['export', dataset, metadataOnly, noLine], env);
      expect(code).toBe(0);
      expect(out).toBe('');
      // The Codex file is one session_meta record; the other file has no line that reads as JSON.
      expect(err).toContain(
        '1 file holds no conversation (metadata only), so it is not exported: agentlog validate shows its lines.',
      );
      expect(err).toContain(
        '1 file with no readable line (not a session), not exported: agentlog validate shows where.',
      );
    }
    const listed = JSON.parse((await run(['ls', corpusDir, '--json'], env)).out) as { id: string }[];
    const exported = (await run(['export', 'sessions', corpusDir], env)).out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; root_session_id: string; messages: number });
    const roots = exported.filter((row) => row.id === row.root_session_id).map((row) => row.id);
    expect(roots.sort()).toEqual(listed.map((s) => s.id).sort());
    expect(roots).not.toContain('019ab22c-95af-7160-b11d-8f552d0ce721');
  });

  it('are not counted as sessions by report, but validate still accounts for every line', async () => {
    const report = await run(['report', metadataOnly, '--json'], env);
    expect((JSON.parse(report.out) as { sessions: { sessions: number } }).sessions.sessions).toBe(0);
    const { out } = await run(['validate', metadataOnly, gemini, '--json'], env);
    const files = (
      JSON.parse(out) as {
        files: { file: string; lines: number; records: Record<string, number>; errors: number }[];
      }
    ).files;
    const meta = files.find((f) => f.file === metadataOnly);
    expect(meta).toMatchObject({ lines: 1, records: { session_meta: 1 }, errors: 0 });
    const doc = files.find((f) => f.file === gemini);
    const recordCount = Object.values(doc?.records ?? {}).reduce((a, b) => a + b, 0);
    expect((doc?.lines ?? 0) > 0 && recordCount + (doc?.errors ?? 0) > 0).toBe(true);
  });
});

describe('two files with the same session id', () => {
  const id = '0d3a8e6f-290f-4105-a327-a2496e5e2a83';
  const source = corpusPath(
    `iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/${id}.jsonl`,
  );
  const dir = path.join(root, 'same-id');
  mkdirSync(path.join(dir, 'live'), { recursive: true });
  mkdirSync(path.join(dir, 'backup'), { recursive: true });
  copyFileSync(source, path.join(dir, 'live', `${id}.jsonl`));
  // A checkpoint: the first 30 lines of the same session.
  writeFileSync(
    path.join(dir, 'backup', `${id}.jsonl`),
    `${readFileSync(source, 'utf8').split('\n').slice(0, 30).join('\n')}\n`,
  );
  const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-same-id'), COLUMNS: '200' };

  it('makes show list both files and say how to pick one', async () => {
    const { code, err } = await run(['show', id.slice(0, 8), '--in', dir], env);
    expect(code).toBe(2);
    expect(err).toContain('is ambiguous: 2 files hold it');
    // Paths are shown as the CLI shows any path (relative to the working folder when that is shorter).
    expect(err).toContain(path.join(path.basename(dir), 'backup', `${id}.jsonl`));
    expect(err).toContain(path.join(path.basename(dir), 'live', `${id}.jsonl`));
    expect(err).toContain(`agentlog show ${id.slice(0, 8)}@1`);
    const second = await run(['show', `${id.slice(0, 8)}@2`, '--in', dir, '--json'], env);
    expect(second.code).toBe(0);
    expect((JSON.parse(second.out) as { files: string[] }).files[0]).toBe(
      path.join(dir, 'live', `${id}.jsonl`),
    );
  });

  it('keeps them apart in usage --by session, each request counted once', async () => {
    type Usage = {
      rows: { key: string; requests: number }[];
      total: { requests: number };
      sharedRequests: number;
    };
    const usage = async (where: string) =>
      JSON.parse((await run(['usage', where, '--by', 'session', '--json'], env)).out) as Usage;
    const both = await usage(dir);
    const live = await usage(path.join(dir, 'live'));
    const backup = await usage(path.join(dir, 'backup'));
    // The checkpoint's requests are all in the live file, whose session starts first: they count there,
    // once; the checkpoint is left with no request of its own, so no row.
    expect(both.rows.map((r) => [r.key, r.requests])).toEqual([
      [`${id} (live/${id}.jsonl)`, live.total.requests],
    ]);
    expect(both.total.requests).toBe(live.total.requests);
    expect(both.sharedRequests).toBe(backup.total.requests);
    expect(backup.total.requests).toBeGreaterThan(0);
  });
});

describe('two files with the same session id in the viewer', () => {
  it('links each to its own page (ID@N) and opens the file it names', async () => {
    const id = '0d3a8e6f-290f-4105-a327-a2496e5e2a83';
    const dir = path.join(root, 'same-id');
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    expect(sessions.map((s) => s.id)).toEqual([id, id]);
    const source: ViewerSource = {
      sessions: async () => sessions,
      session: async (routeId) => findByRouteId(sessions, routeId),
      search: async () => [],
      searchMarks: ['<mark>', '</mark>'],
      price: () => null,
    };
    const server = createViewerServer(source);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const list = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(list).toContain(`/session/${encodeURIComponent(`${id}@1`)}`);
      expect(list).toContain(`/session/${encodeURIComponent(`${id}@2`)}`);
      const bodies: string[] = [];
      for (const n of [1, 2]) {
        const page = await fetch(`http://127.0.0.1:${port}/api/session/${encodeURIComponent(`${id}@${n}`)}`);
        expect(page.status).toBe(200);
        bodies.push(await page.text());
      }
      // The two pages are the two files (the 30-line checkpoint sorts first, then the live copy).
      expect(bodies[0]).not.toEqual(bodies[1]);
      expect((bodies[0] ?? '').length).toBeLessThan((bodies[1] ?? '').length);
      expect(findByRouteId(sessions, `${id}@1`)?.files[0]).toBe(path.join(dir, 'backup', `${id}.jsonl`));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('search hits in sessions that share an id, in the viewer', () => {
  const id = '0d3a8e6f-290f-4105-a327-a2496e5e2a83';
  const source = corpusPath(
    `iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/${id}.jsonl`,
  );
  // A checkpoint (the first 30 lines) and the live file; each opening prompt gets a word of its own.
  const dir = path.join(root, 'same-id-search');
  const lines = readFileSync(source, 'utf8').split('\n');
  const tagged = (word: string, count: number) =>
    `${lines
      .slice(0, count)
      .map((l, i) => (i === 0 ? l.replace('Hey Claude', `Hey Claude ${word}`) : l))
      .join('\n')}\n`;
  mkdirSync(path.join(dir, 'backup'), { recursive: true });
  mkdirSync(path.join(dir, 'live'), { recursive: true });
  writeFileSync(path.join(dir, 'backup', `${id}.jsonl`), tagged('zebrabackup', 30));
  writeFileSync(path.join(dir, 'live', `${id}.jsonl`), tagged('zebralive', lines.length));
  const promptUuid = (JSON.parse(lines[0] as string) as { uuid: string }).uuid;

  it('count their shared requests once in the totals of the list page and the html index', async () => {
    const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-search-totals') };
    const usage = JSON.parse((await run(['usage', dir, '--json'], env)).out) as {
      total: { cost: number };
      sharedRequests: number;
    };
    expect(usage.sharedRequests).toBeGreaterThan(0);
    const cost = `$${usage.total.cost.toFixed(2)}`;
    const io = memoryIo(env, root);
    const viewer = await startViewer([dir], { port: '0', host: '127.0.0.1' }, io);
    try {
      const list = await (await fetch(new URL('/', viewer.url))).text();
      expect(list).toMatch(/<span>2 of 2 sessions<\/span><span>([^<]*)<\/span>/);
      expect(/<span>2 of 2 sessions<\/span><span>([^<]*)<\/span>/.exec(list)?.[1]).toBe(cost);
    } finally {
      await viewer.close();
    }
    const out = path.join(root, 'same-id-html');
    expect((await run(['html', dir, '-o', out], env)).code).toBe(0);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain(`<span>${cost} in total</span>`);
  });

  for (const redact of [false, true])
    it(`link each hit to the session of its own file (ID@N)${redact ? ', with --redact' : ''}`, async () => {
      const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(root, `cache-search-${redact}`) }, root);
      const viewer = await startViewer(
        [dir],
        { port: '0', host: '127.0.0.1', ...(redact ? { redact } : {}) },
        io,
      );
      try {
        // Numbered by file path, as show numbers them: backup/ is @1, live/ is @2.
        for (const [word, n, other] of [
          ['zebrabackup', 1, 'zebralive'],
          ['zebralive', 2, 'zebrabackup'],
        ] as const) {
          const page = await (await fetch(new URL(`/search?q=${word}`, viewer.url))).text();
          const links = [...page.matchAll(/href="(\/session\/[^"#]+)#([^"]+)"/g)];
          expect(links.map((m) => [decodeURIComponent(m[1] ?? ''), m[2]])).toEqual([
            [`/session/${id}@${n}`, `m-${promptUuid}`],
          ]);
          const api = await (await fetch(new URL(`/api${links[0]?.[1] ?? ''}`, viewer.url))).text();
          expect(api).toContain(word);
          expect(api).not.toContain(other);
          expect(page).toContain(`<mark>${word}</mark>`);
        }
      } finally {
        await viewer.close();
      }
    });
});
