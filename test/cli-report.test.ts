import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorReport } from '../src/analytics/error-report.js';
import type { SessionsOverview } from '../src/analytics/sessions-overview.js';
import type { ToolInventoryRow } from '../src/analytics/tool-inventory.js';
import type { UsageReport } from '../src/analytics/usage-report.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './helpers/temp-dir.js';

async function run(args: string[]) {
  const io = memoryIo({}, path.resolve(import.meta.dirname, '..'));
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('report commands on the corpus', () => {
  it('counts tool calls as an independent scan does', async () => {
    const { code, out } = await run(['tools', corpusDir, '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as ToolInventoryRow[];
    const calls = (tool: string) => rows.filter((r) => r.tool === tool).reduce((n, r) => n + r.calls, 0);
    // Another route, over every corpus file:
    //   jq -r 'select(.type=="assistant") | .message.content[]? | select(type=="object" and .type=="tool_use") | .name' | grep -cx Bash
    // gives Bash 140, Read 109, TodoWrite 76, Edit 66; for Codex,
    //   jq -r 'select(.type=="response_item" and .payload.type=="function_call") | .payload.name' | grep -cx exec_command
    // gives 79.
    expect({
      Bash: calls('Bash'),
      Read: calls('Read'),
      TodoWrite: calls('TodoWrite'),
      Edit: calls('Edit'),
    }).toEqual({
      Bash: 140,
      Read: 109,
      TodoWrite: 76,
      Edit: 66,
    });
    expect(calls('exec_command')).toBe(79);
    for (const row of rows) {
      expect(
        row.ok +
          row.errors +
          row.denied +
          row.interrupted +
          row.hookBlocked +
          row.missing +
          row.orphanResults,
        row.tool,
      ).toBe(row.calls);
    }
    const shares = rows.reduce((n, r) => n + r.share, 0);
    expect(shares).toBeCloseTo(1, 9);
    expect(rows.find((r) => r.tool === 'Bash')?.description).toMatch(/shell command/);
  });

  it('prints the inventory as a markdown table in the shape of the requirement document', async () => {
    const { code, out } = await run(['tools', corpusDir, '--format', 'md']);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('| Tool name | Calls | What it does (high level) |');
    expect(lines[1]).toBe('|---|---:|---|');
    expect(lines[2]).toMatch(/^\| `Bash` \| 140 \| .+ \|$/);
    for (const line of lines.slice(2)) expect(line).toMatch(/^\| `[^`]+` \| \d+ \| .* \|$/);
  });

  it('splits the inventory with --by and groups MCP tools with --mcp', async () => {
    const byAgent = JSON.parse(
      (await run(['tools', corpusDir, '--json', '--by', 'agent'])).out,
    ) as ToolInventoryRow[];
    expect(new Set(byAgent.map((r) => r.group))).toEqual(new Set(['claude-code', 'codex']));
    const mcp = JSON.parse((await run(['tools', corpusDir, '--json', '--mcp'])).out) as ToolInventoryRow[];
    for (const row of mcp.filter((r) => r.kind === 'mcp')) {
      expect(row.tool).toMatch(/^mcp__/);
      expect(row.tools?.reduce((n, t) => n + t.calls, 0)).toBe(row.calls);
    }
    const bad = await run(['tools', corpusDir, '--by', 'colour']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Option --by must be one of/);
  });

  it('makes usage totals the sum of the rows, for every split', async () => {
    for (const by of ['day', 'month', 'session', 'model', 'project', 'agent']) {
      const { code, out } = await run(['usage', corpusDir, '--json', '--by', by]);
      expect(code).toBe(0);
      const report = JSON.parse(out) as UsageReport;
      for (const field of [
        'inputTokens',
        'outputTokens',
        'cacheWriteTokens',
        'cacheReadTokens',
        'totalTokens',
        'requests',
      ] as const)
        expect(
          report.rows.reduce((n, r) => n + r[field], 0),
          `${by} ${field}`,
        ).toBe(report.total[field]);
      expect(report.rows.reduce((n, r) => n + r.cost, 0)).toBeCloseTo(report.total.cost, 9);
      expect(report.total.cost).toBeGreaterThan(0);
    }
  });

  it('reports every section as one JSON object', async () => {
    const { code, out } = await run(['report', corpusDir, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      sessions: SessionsOverview;
      tools: ToolInventoryRow[];
      usage: UsageReport;
      errors: ErrorReport;
      drift: { kind: string; summary: string }[];
    };
    expect(Object.keys(report)).toEqual(['sessions', 'tools', 'usage', 'errors', 'drift', 'unreadable']);
    expect(report.tools.reduce((n, r) => n + r.calls, 0)).toBe(report.sessions.toolCalls);
    const failed = report.tools.reduce((n, r) => n + r.errors + r.denied + r.interrupted + r.hookBlocked, 0);
    expect(report.errors.groups.reduce((n, g) => n + g.count, 0)).toBe(failed);
    // The hand-made fixtures carry tools no release had, which drift reports by name.
    expect(report.drift.map((d) => d.summary)).toContain('unknown tool "FailingTool" since 1.0.0');
  });

  it('prints every section of the text report', async () => {
    const { code, out } = await run(['report', corpusDir]);
    expect(code).toBe(0);
    for (const heading of ['Sessions', 'Tools', 'Usage by day', 'Errors', 'Drift'])
      expect(out).toContain(heading);
  });
});

describe('reading problems', () => {
  it('skips a file that cannot be read, says so, and goes on', async () => {
    const dir = tempDir('skip');
    const project = path.join(dir, 'projects', '-home-me-app');
    mkdirSync(project, { recursive: true });
    const record = (session: string) =>
      `${JSON.stringify({ type: 'user', uuid: `${session}-u`, sessionId: session, timestamp: '2026-01-01T00:00:00Z', cwd: '/home/me/app', message: { role: 'user', content: 'hello' } })}\n`;
    const keep = path.join(project, '11111111-1111-4111-8111-111111111111.jsonl');
    const gone = path.join(project, '22222222-2222-4222-8222-222222222222.jsonl');
    writeFileSync(keep, record('11111111-1111-4111-8111-111111111111'));
    writeFileSync(gone, record('22222222-2222-4222-8222-222222222222'));
    const { files } = await discoverPaths([dir]);
    rmSync(gone);
    const skipped: string[] = [];
    const sessions = await loadSessions(files, {
      onSkip: (file, message) => skipped.push(`${file}: ${message}`),
    });
    expect(sessions.map((s) => s.id)).toEqual(['11111111-1111-4111-8111-111111111111']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toContain(gone);
  });
});
