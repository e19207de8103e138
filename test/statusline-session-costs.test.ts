// The stored totals of the status line (`_session_costs`), with the built CLI as Claude Code runs it: a call
// stores the total of its session's tree and the next calls read it instead of the rows; a total is used only
// for the unit's signature and the prices it was taken with; a request appended under a stored key (a
// response that grew) is taken out and put back. Expectations come from a plain scan of the transcript (per
// request key the per-field maximum, priced by hand), and every path must give the same figure to the last
// bit: the stored total with the overlay, the index after the refresher, a fresh index, and no index.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const id = 'cccccccc-2222-4333-8444-000000000001';
const other = 'cccccccc-2222-4333-8444-000000000002';
const rates = { input: 1.1, output: 2.3, cacheRead: 0.37, cacheWrite: 4.1 };
const now = '2026-03-03T12:00:00.000Z';

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** A user prompt and an assistant response (request `n`), with `usage`. */
function turn(session: string, n: number, usage: Usage, minute: number, parent?: string): string {
  const base = { isSidechain: false, userType: 'external', cwd: '/w', sessionId: session, version: '2.1.30' };
  const time = new Date(Date.parse('2026-03-03T10:00:00Z') + minute * 60_000).toISOString();
  return [
    {
      ...base,
      parentUuid: parent ?? (n === 0 ? null : `${session}-a${n - 1}`),
      type: 'user',
      message: { role: 'user', content: 'go on' },
      uuid: `${session}-u${n}`,
      timestamp: time,
    },
    response(session, n, `${session}-a${n}`, `${session}-u${n}`, usage, time),
  ]
    .map((l) => `${JSON.stringify(l)}\n`)
    .join('');
}

function response(session: string, n: number, uuid: string, parent: string, usage: Usage, time: string) {
  return {
    isSidechain: false,
    userType: 'external',
    cwd: '/w',
    sessionId: session,
    version: '2.1.30',
    parentUuid: parent,
    type: 'assistant',
    message: {
      model: 'test-model',
      id: `msg_${session}_${n}`,
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'done' }],
      usage,
    },
    requestId: `req_${session}_${n}`,
    uuid,
    timestamp: time,
  };
}

const usage = (k: number): Usage => ({
  input_tokens: 1000 + 37 * k,
  output_tokens: 100 + 13 * k,
  cache_read_input_tokens: 10_000 + 997 * k,
  cache_creation_input_tokens: 500 + 71 * k,
});

/** The session's cost by a plain scan: per request key, the per-field maximum, priced with `rates`. */
function scannedCost(...files: string[]): number {
  const byKey = new Map<string, Usage>();
  for (const line of files.flatMap((file) => readFileSync(file, 'utf8').split('\n'))) {
    if (!line) continue;
    const value = JSON.parse(line) as { requestId?: string; message?: { id?: string; usage?: Usage } };
    const u = value.message?.usage;
    if (!u) continue;
    const key = `${value.message?.id}:${value.requestId}`;
    const seen = byKey.get(key);
    byKey.set(
      key,
      seen
        ? {
            input_tokens: Math.max(seen.input_tokens, u.input_tokens),
            output_tokens: Math.max(seen.output_tokens, u.output_tokens),
            cache_read_input_tokens: Math.max(seen.cache_read_input_tokens, u.cache_read_input_tokens),
            cache_creation_input_tokens: Math.max(
              seen.cache_creation_input_tokens,
              u.cache_creation_input_tokens,
            ),
          }
        : u,
    );
  }
  let total = 0;
  for (const u of byKey.values())
    total +=
      (u.input_tokens * rates.input +
        u.output_tokens * rates.output +
        u.cache_read_input_tokens * rates.cacheRead +
        u.cache_creation_input_tokens * rates.cacheWrite) /
      1e6;
  return total;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the status line stores its session totals', () => {
  it('reads a stored total while it is valid, and equals a fresh pricing after appends', async () => {
    const root = tempDir('statusline-costs');
    roots.push(root);
    const logs = path.join(root, 'projects', 'p');
    mkdirSync(logs, { recursive: true });
    const file = path.join(logs, `${id}.jsonl`);
    writeFileSync(file, Array.from({ length: 40 }, (_, k) => turn(id, k, usage(k), k)).join(''));
    writeFileSync(path.join(logs, `${other}.jsonl`), turn(other, 0, usage(99), 5));
    const pricing = path.join(root, 'pricing.json');
    writeFileSync(pricing, JSON.stringify({ models: { 'test-model': rates } }));
    const cacheDir = path.join(root, 'cache');
    const index = path.join(cacheDir, 'index.sqlite');
    const env = {
      HOME: path.join(root, 'home'),
      AGENTLOG_CACHE_DIR: cacheDir,
      AGENTLOG_NOW: now,
      NO_COLOR: '1',
    };
    const run = (args: string[], input?: string) => {
      const result = spawnSync(process.execPath, [builtCli, ...args], {
        input,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    const input = JSON.stringify({ session_id: id, transcript_path: file });
    const call = (args: string[] = []) =>
      JSON.parse(run(['statusline', '--json', '--pricing', pricing, ...args], input)) as {
        session: { usd: number; unpricedRequests: number };
        context: { tokens: number };
      };
    const rows = () => {
      const db = new Database(index, { readonly: true });
      try {
        return db
          .prepare(
            `SELECT c.session_id, c.total, c.signature = u.signature AS current, c.pricing
              FROM _session_costs c JOIN _units u ON u.id = c.unit_id`,
          )
          .all() as { session_id: string; total: string; current: number; pricing: string }[];
      } finally {
        db.close();
      }
    };
    const tamper = (total: number[]) => {
      const db = new Database(index);
      try {
        db.prepare('UPDATE _session_costs SET total = ?').run(JSON.stringify(total));
      } finally {
        db.close();
      }
    };

    run(['cache', 'update', logs]);
    const schema = () => {
      const db = new Database(index, { readonly: true });
      try {
        return [
          db.pragma('user_version', { simple: true }),
          db.prepare('SELECT COUNT(*) FROM files').pluck().get(),
        ];
      } finally {
        db.close();
      }
    };
    const indexed = schema();
    expect(rows()).toEqual([]);

    // The first call prices the rows and stores the total; the index is the one `cache update` built (the
    // status line's bundle has the same schema version, so it did not start the index again).
    const first = call();
    expect(first.session.usd).toBeCloseTo(scannedCost(file), 12);
    expect(schema()).toEqual(indexed);
    const [stored] = rows();
    expect(stored).toMatchObject({ session_id: id, current: 1 });

    // The next call reads the stored total, not the rows: a total changed in place shows.
    tamper([1000]);
    expect(call().session.usd).toBe(1000);
    // Other prices (another --pricing file) are another key: the rows are priced again.
    const dearer = path.join(root, 'dearer.json');
    writeFileSync(dearer, JSON.stringify({ models: { 'test-model': { ...rates, output: 9 } } }));
    const repriced = JSON.parse(run(['statusline', '--json', '--pricing', dearer], input)) as typeof first;
    expect(repriced.session.usd).toBeGreaterThan(first.session.usd);
    expect(repriced.session.usd).not.toBe(1000);
    expect(call().session.usd).toBe(first.session.usd);

    // A response that grew (the same message and request ids, more output) and a new request, appended:
    // shown on top of the stored total at once, the grown one taken out and put back.
    const grown = response(id, 39, `${id}-a39b`, `${id}-a39`, { ...usage(39), output_tokens: 5000 }, now);
    appendFileSync(file, `${JSON.stringify(grown)}\n${turn(id, 40, usage(40), 100, `${id}-a39b`)}`);
    const overlaid = call();
    expect(overlaid.session.usd).toBeCloseTo(scannedCost(file), 12);
    expect(overlaid.session.usd).not.toBe(first.session.usd);

    // The refresher brings the index up to date and stores the new total (valid for the new signature).
    for (let waited = 0; existsSync(path.join(cacheDir, 'statusline-refresh.lock')); waited += 100) {
      expect(waited).toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows().find((r) => r.session_id === id)).toMatchObject({ current: 1 });
    const refreshed = call();
    expect(refreshed.session).toEqual(overlaid.session);
    expect(refreshed.context).toEqual(overlaid.context);

    // A subagent starts: its file is new to the index. Its requests show at once (one of them a copy of a
    // request of the session, which counts once), and the refresher takes the file into the session's unit.
    const subFile = path.join(logs, id, 'subagents', 'agent-a5b6c7.jsonl');
    mkdirSync(path.dirname(subFile), { recursive: true });
    const sidechain = { isSidechain: true, agentId: 'a5b6c7' };
    writeFileSync(
      subFile,
      [
        {
          ...JSON.parse(turn(id, 50, usage(50), 101).split('\n')[0] as string),
          ...sidechain,
          parentUuid: null,
        },
        { ...response(id, 51, 'sub-a1', `${id}-u50`, usage(51), now), ...sidechain },
        { ...response(id, 40, 'sub-a2', 'sub-a1', usage(40), now), ...sidechain },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    const started = call();
    expect(started.session.usd).toBeCloseTo(scannedCost(file, subFile), 12);
    expect(started.session.usd).toBeGreaterThan(overlaid.session.usd);
    expect(started.context).toEqual(overlaid.context);
    for (let waited = 0; existsSync(path.join(cacheDir, 'statusline-refresh.lock')); waited += 100) {
      expect(waited).toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(call().session).toEqual(started.session);
    // An index built afresh, and no index at all, give the same figure to the last bit.
    rmSync(cacheDir, { recursive: true });
    run(['cache', 'update', logs]);
    expect(call().session).toEqual(started.session);
    expect(call(['--no-cache']).session).toEqual(started.session);
  }, 120_000);
});
