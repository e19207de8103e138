import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir, corpusPath } from './corpus.js';

/**
 * Issue 16 follow-up: one API request counted once across session files. A copy, a checkpoint or a
 * resumed session holds records of the session it came from; the same request (message id + request id)
 * then sits in two files and must count once in every total, with the per-field maximum over its copies.
 * The expectations come from a plain JSON scan of the files, not from agentlog.
 */
const root = mkdtempSync(path.join(tmpdir(), 'agentlog-requests-once-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(args: string[], env: NodeJS.ProcessEnv) {
  const io = memoryIo({ COLUMNS: '200', ...env });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const fields = {
  input_tokens: 'inputTokens',
  output_tokens: 'outputTokens',
  cache_creation_input_tokens: 'cacheWriteTokens',
  cache_read_input_tokens: 'cacheReadTokens',
} as const;
type Totals = Record<(typeof fields)[keyof typeof fields] | 'requests', number>;

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The independent counter: every Claude Code assistant record (and every `agent_progress` record's
 * `data.message`) with a `message.usage`, keyed by `message.id` + `requestId` (records without a message
 * id are one request each), per-field maximum per key, summed. `<synthetic>` records are no API requests.
 * Also counts the keys found in more than one top-level session file (subagent files left aside: a
 * subagent replays its parent's messages by design, within one session).
 */
function scan(files: readonly string[]): { totals: Totals; sharedKeys: number } {
  const byKey = new Map<string, Record<string, number>>();
  const filesOf = new Map<string, Set<string>>();
  const add = (record: Record<string, unknown>, file: string, line: number) => {
    const message = record.message as Record<string, unknown> | undefined;
    const usage = message?.usage as Record<string, unknown> | undefined;
    if (!message || !usage || typeof usage !== 'object' || message.model === '<synthetic>') return;
    const key =
      typeof message.id === 'string'
        ? `${message.id}|${typeof record.requestId === 'string' ? record.requestId : ''}`
        : `${file}:${line}`;
    const max = byKey.get(key) ?? {};
    for (const wire of Object.keys(fields)) {
      const value = typeof usage[wire] === 'number' ? (usage[wire] as number) : 0;
      max[wire] = Math.max(max[wire] ?? 0, value);
    }
    byKey.set(key, max);
    const isSubagentFile = file.split(path.sep).includes('subagents') || /agent-[^/]*\.jsonl$/.test(file);
    if (!isSubagentFile) filesOf.set(key, (filesOf.get(key) ?? new Set()).add(file));
  };
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return;
        }
        if (record === null || typeof record !== 'object') return;
        if (record.type === 'assistant') add(record, file, i);
        const data = record.data as Record<string, unknown> | undefined;
        const inner = data?.message as Record<string, unknown> | undefined;
        if (record.type === 'progress' && data?.type === 'agent_progress' && inner?.type === 'assistant')
          add(inner, file, i);
      });
  }
  const totals: Totals = {
    requests: byKey.size,
    inputTokens: 0,
    outputTokens: 0,
    cacheWriteTokens: 0,
    cacheReadTokens: 0,
  };
  for (const max of byKey.values())
    for (const [wire, field] of Object.entries(fields)) totals[field] += max[wire] ?? 0;
  const sharedKeys = [...filesOf.values()].filter((s) => s.size > 1).length;
  return { totals, sharedKeys };
}

interface UsageJson {
  rows: ({ key: string } & Totals)[];
  total: Totals;
  sharedRequests: number;
}

function pick(row: Totals | undefined): Totals | undefined {
  if (!row) return undefined;
  const { requests, inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens } = row;
  return { requests, inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens };
}

const sum = (rows: readonly Totals[], field: keyof Totals) => rows.reduce((n, r) => n + r[field], 0);

describe('the same request in two session files of the corpus', () => {
  const expected = scan(jsonlFiles(corpusDir));

  it('the corpus has such requests (the scan finds them)', () => {
    expect(expected.sharedKeys).toBeGreaterThan(0);
  });

  for (const cache of ['--no-cache', 'with the index'] as const) {
    it(`usage --json counts each once, every field equal to the plain scan (${cache})`, async () => {
      const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-corpus') };
      const flags = cache === '--no-cache' ? ['--no-cache'] : [];
      const { code, out } = await run(['usage', corpusDir, '--by', 'agent', '--json', ...flags], env);
      expect(code).toBe(0);
      const report = JSON.parse(out) as UsageJson;
      expect(pick(report.rows.find((r) => r.key === 'claude-code'))).toEqual(expected.totals);
      expect(report.sharedRequests).toBe(expected.sharedKeys);
    });
  }

  it('usage --by session rows still add up to the total, and the text says it in one line', async () => {
    const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-corpus') };
    const json = JSON.parse(
      (await run(['usage', corpusDir, '--by', 'session', '--json', '--agent', 'claude-code'], env)).out,
    ) as UsageJson;
    expect(pick(json.total)).toEqual(expected.totals);
    for (const field of ['requests', 'inputTokens', 'cacheWriteTokens', 'cacheReadTokens'] as const)
      expect(sum(json.rows, field)).toBe(expected.totals[field]);
    // The corpus pair: a session resumed by an old build (b02ed4d8) copied the history of c8bcb3a7 into
    // its own file. Both start with the same record; the original ends first and owns the copied requests.
    const fixtures = corpusPath(
      'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures',
    );
    const original = scan([path.join(fixtures, 'c8bcb3a7-8728-4d76-9aae-1cbaf2350114.jsonl')]).totals
      .requests;
    const resumed = scan([path.join(fixtures, 'b02ed4d8-1f00-45cc-949f-3ea63b2dbde2.jsonl')]).totals.requests;
    const rows = new Map(json.rows.map((r) => [r.key, r.requests]));
    expect(rows.get('c8bcb3a7-8728-4d76-9aae-1cbaf2350114')).toBe(original);
    expect(rows.get('b02ed4d8-1f00-45cc-949f-3ea63b2dbde2') ?? 0).toBe(resumed - expected.sharedKeys);
    const text = await run(['usage', corpusDir, '--agent', 'claude-code'], env);
    expect(text.out.split('\n').filter((l) => l.includes('more than one file'))).toEqual([
      `${expected.sharedKeys} requests are in more than one file (copies, checkpoints): each counted once.`,
    ]);
    const report = JSON.parse((await run(['report', corpusDir, '--json'], env)).out) as {
      usage: UsageJson;
    };
    expect(report.usage.sharedRequests).toBe(expected.sharedKeys);
  });
});

describe('the usage export', () => {
  it('marks the copies: the counted rows sum to the plain scan, every field', async () => {
    const expected = scan(jsonlFiles(corpusDir));
    const { code, out } = await run(['export', 'usage', corpusDir, '--agent', 'claude-code'], {
      AGENTLOG_CACHE_DIR: path.join(root, 'cache-export'),
    });
    expect(code).toBe(0);
    const rows = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, number | string | boolean | null>);
    const counted = rows.filter((r) => r.counted === true);
    const copies = rows.filter((r) => r.counted === false);
    expect(copies).toHaveLength(expected.sharedKeys);
    const total = (field: string) => counted.reduce((n, r) => n + Number(r[field]), 0);
    expect({
      requests: counted.length,
      inputTokens: total('input_tokens'),
      outputTokens: total('output_tokens'),
      cacheWriteTokens: total('cache_write_tokens'),
      cacheReadTokens: total('cache_read_tokens'),
    }).toEqual(expected.totals);
    // Each copy names a request that a counted row names too.
    const keys = new Set(counted.map((r) => r.request_key));
    expect(copies.every((r) => typeof r.request_key === 'string' && keys.has(r.request_key))).toBe(true);
  });
});

describe('a checkpoint beside the live file, one of them cut while a response streamed', () => {
  const id = '0d3a8e6f-290f-4105-a327-a2496e5e2a83';
  const source = corpusPath(
    `iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/${id}.jsonl`,
  );
  const dir = path.join(root, 'checkpoint');
  const live = readFileSync(source, 'utf8').split('\n');
  const checkpoint = live.slice(0, 40);
  // The earliest session owns a shared request: the file whose earliest record time is smaller (the live
  // file holds records older than its first lines). In that file, the last assistant record with usage
  // among the shared lines gets a streaming placeholder's usage (output 1, no cache read), so that only
  // the per-field maximum over both copies gives the real figures.
  const firstTime = (lines: readonly string[]) =>
    Math.min(
      ...lines.flatMap((l) => {
        const t = /"timestamp":"([^"]+)"/.exec(l)?.[1];
        return t === undefined ? [] : [Date.parse(t)];
      }),
    );
  const earliest = firstTime(live) <= firstTime(checkpoint) ? live : checkpoint;
  const last = checkpoint.findLastIndex((l) => l.includes('"type":"assistant"') && l.includes('"usage"'));
  const messageId = (JSON.parse(checkpoint[last] as string) as { message: { id: string } }).message.id;
  for (let i = 0; i < checkpoint.length; i += 1) {
    // Every record of that response (one per content block) carries its usage.
    if (!earliest[i]?.includes(`"id":"${messageId}"`)) continue;
    const record = JSON.parse(earliest[i] as string) as { message: { usage: Record<string, number> } };
    record.message.usage.output_tokens = 1;
    record.message.usage.cache_read_input_tokens = 0;
    earliest[i] = JSON.stringify(record);
  }
  const names = { live: `live/${id}.jsonl`, checkpoint: `checkpoint/${id}.jsonl` };
  mkdirSync(path.join(dir, 'live'), { recursive: true });
  mkdirSync(path.join(dir, 'checkpoint'), { recursive: true });
  writeFileSync(path.join(dir, names.checkpoint), `${checkpoint.join('\n')}\n`);
  writeFileSync(path.join(dir, names.live), live.join('\n'));
  const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-checkpoint') };

  it('counts each request once with the per-field maximum: the totals of the original file', async () => {
    const original = scan([source]).totals;
    const both = scan(jsonlFiles(dir));
    expect(both.totals).toEqual(original);
    expect(both.sharedKeys).toBeGreaterThan(0);
    const own = scan([path.join(dir, earliest === live ? names.live : names.checkpoint)]).totals.requests;
    for (const flags of [['--no-cache'], []]) {
      const { code, out } = await run(['usage', dir, '--by', 'session', '--json', ...flags], env);
      expect(code).toBe(0);
      const report = JSON.parse(out) as UsageJson;
      expect(pick(report.total)).toEqual(original);
      expect(report.sharedRequests).toBe(both.sharedKeys);
      // The earliest session owns the shared requests; the other counts only its own.
      const rows = new Map(report.rows.map((r) => [r.key, r.requests]));
      const [first, second] =
        earliest === live ? [names.live, names.checkpoint] : [names.checkpoint, names.live];
      expect(rows.get(`${id} (${first})`)).toBe(own);
      expect(rows.get(`${id} (${second})`) ?? 0).toBe(original.requests - own);
    }
  });
});

describe('a Codex rollout and its backup copy', () => {
  const name = 'rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl';
  const source = corpusPath(`AcidicSoil__codex-session-view/.sample_session/${name}`);
  const dir = path.join(root, 'codex-copy');
  mkdirSync(path.join(dir, 'sessions'), { recursive: true });
  mkdirSync(path.join(dir, 'backup'), { recursive: true });
  writeFileSync(path.join(dir, 'sessions', name), readFileSync(source));
  writeFileSync(path.join(dir, 'backup', name), readFileSync(source));
  // token_count events whose cumulative total grows: the thread's requests (a plain scan of the file).
  const totals = readFileSync(source, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"token_count"'))
    .map((l) =>
      JSON.stringify(
        (JSON.parse(l) as { payload: { info?: { total_token_usage?: unknown } } }).payload.info
          ?.total_token_usage,
      ),
    )
    .filter((t) => t !== undefined);
  const requests = new Set(totals).size;

  it('counts each request once: the copy adds nothing', async () => {
    const env = { AGENTLOG_CACHE_DIR: path.join(root, 'cache-codex') };
    const alone = JSON.parse(
      (await run(['usage', path.join(dir, 'sessions'), '--json'], env)).out,
    ) as UsageJson;
    expect(alone.total.requests).toBe(requests);
    for (const flags of [['--no-cache'], []]) {
      const both = JSON.parse((await run(['usage', dir, '--json', ...flags], env)).out) as UsageJson;
      expect(pick(both.total)).toEqual(pick(alone.total));
      expect(both.sharedRequests).toBe(requests);
    }
  });
});
