import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

const root = path.resolve(import.meta.dirname, '..');
const demoFolder = path.join(root, 'demo');
let cache: string;

beforeAll(() => {
  cache = mkdtempSync(path.join(os.tmpdir(), 'agentlog-vocabulary-'));
});
afterAll(() => rmSync(cache, { recursive: true, force: true }));

async function run(args: string[]) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: cache }, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe("one name for a tool call's tool, and for the dataset of tool calls", () => {
  it('calls the tool `tool` in JSON, in the SQL table and in the export, and the dataset tool_calls', async () => {
    const tools = JSON.parse((await run(['tools', '--demo', '--json'])).out) as Record<string, unknown>[];
    expect(Object.keys(tools[0] ?? {})).toContain('tool');

    const tables = JSON.parse((await run(['sql', '--tables', '--json'])).out) as {
      name: string;
      columns: { name: string }[];
    }[];
    const sqlColumns = tables.find((t) => t.name === 'tool_calls')?.columns.map((c) => c.name) ?? [];
    expect(sqlColumns).toContain('tool');
    expect(sqlColumns).not.toContain('name');

    const exported = await run(['export', 'tool_calls', '--demo']);
    expect(exported.code).toBe(0);
    const row = JSON.parse(exported.out.split('\n')[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(row)).toContain('tool');
    expect(Object.keys(row)).not.toContain('name');

    // The SQL query and the export agree on the tool of every call (`--demo` never fills the user's
    // index, so the demo folder is indexed as any folder is).
    await run(['ls', demoFolder]);
    const counted = JSON.parse(
      (await run(['sql', '--json', 'SELECT tool, COUNT(*) AS n FROM tool_calls GROUP BY tool ORDER BY tool']))
        .out,
    ) as { tool: string; n: number }[];
    const fromExport = new Map<string, number>();
    for (const line of exported.out.trim().split('\n')) {
      const tool = (JSON.parse(line) as { tool: string }).tool;
      fromExport.set(tool, (fromExport.get(tool) ?? 0) + 1);
    }
    expect(counted).toEqual(
      [...fromExport].sort(([a], [b]) => (a < b ? -1 : 1)).map(([tool, n]) => ({ tool, n })),
    );
  });

  it('accepts tool-calls as another spelling of the dataset on the command line', async () => {
    const canonical = await run(['export', 'tool_calls', '--demo']);
    const alias = await run(['export', 'tool-calls', '--demo']);
    expect(alias.code).toBe(0);
    expect(alias.out).toBe(canonical.out);
  });

  it('points a query on a missing table or column at sql --tables', async () => {
    await run(['ls', demoFolder]);
    for (const query of ['SELECT name FROM tool_calls', 'SELECT * FROM tool_call']) {
      const { code, err } = await run(['sql', query]);
      expect(code).toBe(2);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err.trim()).toMatch(
        /no such (column|table).*\. Run agentlog sql --tables for the tables and their columns\.$/,
      );
    }
  });
});
