import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { exportDatasets } from '../src/exporters/index.js';
import { corpusDir } from './corpus.js';
import { refreshed, tempDir } from './index-helpers.js';

async function run(args: string[], cwd = process.cwd()) {
  const io = memoryIo({ HOME: '/nonexistent-home' }, cwd);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** What the index says: counts and sums the exports must equal. */
interface Figures {
  sessions: number;
  subagents: number;
  messages: number;
  toolCalls: number;
  toolCallMs: number;
  failedCalls: number;
  usage: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
}

const datasetFile = { sessions: 'sessions', messages: 'messages', toolCalls: 'tool_calls', usage: 'usage' };

function reader(format: string, file: string): string {
  const quoted = `'${file.replaceAll("'", "''")}'`;
  if (format === 'parquet') return `read_parquet(${quoted})`;
  if (format === 'csv') return `read_csv(${quoted}, header = true, max_line_size = 100000000)`;
  return `read_json(${quoted}, format = 'newline_delimited', maximum_object_size = 1000000000)`;
}

async function exportedFigures(dir: string, format: string): Promise<Figures> {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  try {
    const one = async (sql: string) => {
      const rows = (await db.runAndReadAll(sql)).getRowObjectsJS();
      return rows[0] as Record<string, unknown>;
    };
    const at = (name: string) => reader(format, path.join(dir, `${name}.${format}`));
    const sessions = await one(
      `SELECT count(*) AS n, count(*) FILTER (WHERE is_subagent) AS subagents FROM ${at(datasetFile.sessions)}`,
    );
    const messages = await one(`SELECT count(*) AS n FROM ${at(datasetFile.messages)}`);
    const calls = await one(
      `SELECT count(*) AS n, coalesce(sum(duration_ms), 0) AS ms, count(*) FILTER (WHERE status <> 'ok') AS failed FROM ${at(datasetFile.toolCalls)}`,
    );
    const usage = await one(
      `SELECT count(*) AS n, sum(input_tokens) AS input, sum(output_tokens) AS output, sum(cache_read_tokens) AS cache_read FROM ${at(datasetFile.usage)}`,
    );
    return {
      sessions: Number(sessions.n),
      subagents: Number(sessions.subagents),
      messages: Number(messages.n),
      toolCalls: Number(calls.n),
      toolCallMs: Number(calls.ms),
      failedCalls: Number(calls.failed),
      usage: Number(usage.n),
      inputTokens: Number(usage.input),
      outputTokens: Number(usage.output),
      cacheReadTokens: Number(usage.cache_read),
    };
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

describe('export round trip through DuckDB on the corpus', () => {
  let out: string;
  let index: Figures;

  beforeAll(async () => {
    out = tempDir('export');
    const cacheDir = tempDir('export-cache');
    await refreshed(cacheDir, corpusDir);
    const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
    try {
      const get = (sql: string) => db.prepare(sql).get() as Record<string, number>;
      // A file that holds no conversation (metadata only) is indexed but, as in ls, not exported.
      const sessions = get(`SELECT count(*) AS n, sum(is_subagent) AS subagents FROM sessions
        WHERE messages > 0 OR tool_calls > 0 OR subagents > 0
          OR input_tokens + output_tokens + cache_write_tokens + cache_read_tokens > 0`);
      const calls = get(
        "SELECT count(*) AS n, coalesce(sum(duration_ms), 0) AS ms, sum(status <> 'ok') AS failed FROM tool_calls",
      );
      const usage = get(
        'SELECT count(*) AS n, sum(input_tokens) AS input, sum(output_tokens) AS output, sum(cache_read_tokens) AS cache_read FROM usage_entries',
      );
      index = {
        sessions: sessions.n ?? 0,
        subagents: sessions.subagents ?? 0,
        messages: get('SELECT count(*) AS n FROM messages').n ?? 0,
        toolCalls: calls.n ?? 0,
        toolCallMs: calls.ms ?? 0,
        failedCalls: calls.failed ?? 0,
        usage: usage.n ?? 0,
        inputTokens: usage.input ?? 0,
        outputTokens: usage.output ?? 0,
        cacheReadTokens: usage.cache_read ?? 0,
      };
    } finally {
      db.close();
    }
  });

  it('the index has something to compare with', () => {
    expect(index.sessions).toBeGreaterThan(50);
    expect(index.subagents).toBeGreaterThan(0);
    expect(index.toolCalls).toBeGreaterThan(500);
    expect(index.usage).toBeGreaterThan(100);
  });

  for (const format of ['ndjson', 'csv', 'parquet']) {
    it(`${format}: every dataset has the index's row counts and sums`, async () => {
      const dir = path.join(out, format);
      const { code, err } = await run(['export', 'all', corpusDir, '--format', format, '-o', dir]);
      expect(code, err).toBe(0);
      expect(err).toMatch(
        /^Exported [\d,]+ sessions rows, [\d,]+ messages rows, [\d,]+ tool_calls rows and [\d,]+ usage rows \(\d+ top-level sessions\) to /,
      );
      expect(await exportedFigures(dir, format)).toEqual(index);
    });
  }

  it('parquet keeps the documented column names and types', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      for (const dataset of Object.values(exportDatasets)) {
        const file = path.join(out, 'parquet', `${dataset.name}.parquet`);
        const rows = (
          await db.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)
        ).getRowObjectsJS();
        expect(rows.map((r) => [r.column_name, r.column_type])).toEqual(
          dataset.columns.map((c) => [c.name, c.type]),
        );
      }
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it('ndjson keeps nested inputs as objects and every column in every row', () => {
    const lines = readFileSync(path.join(out, 'ndjson', 'tool_calls.ndjson'), 'utf8')
      .trim()
      .split('\n');
    const columns = exportDatasets.tool_calls.columns.map((c) => c.name);
    for (const line of lines.slice(0, 200)) expect(Object.keys(JSON.parse(line))).toEqual(columns);
    const bash = lines.map((l) => JSON.parse(l)).find((r) => r.tool === 'Bash');
    expect(typeof bash.input.command).toBe('string');
  });
});
