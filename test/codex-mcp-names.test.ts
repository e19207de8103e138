import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { readSession } from '../src/lifecycle/load-sessions.js';

/**
 * Issue 16, point 3: rollouts written before Codex prefixed MCP tools with `mcp__` name them
 * `server__tool` (`memory__create_entities`, `context7__get-library-docs`). The fixture is an old-style
 * rollout with three such calls and one built-in (`shell`); a plain scan of its function_call names gives
 * servers memory (1 call) and context7 (2 calls).
 */
const fixture = path.resolve(
  import.meta.dirname,
  'fixtures/codex/rollout-2025-07-10T09-12-33-0197f3a2-5b1c-7e40-9d2a-6c8e1f0b4a73.jsonl',
);

async function run(args: string[]) {
  const io = memoryIo({});
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('Codex MCP tools named server__tool', () => {
  it('are MCP calls with their server and tool in the session model', async () => {
    const session = await readSession(fixture);
    const calls = (session?.toolCalls ?? []).map((c) => [c.name, c.kind, c.mcpServer, c.mcpTool]);
    expect(calls).toEqual([
      ['memory__create_entities', 'mcp', 'memory', 'create_entities'],
      ['context7__resolve-library-id', 'mcp', 'context7', 'resolve-library-id'],
      ['context7__get-library-docs', 'mcp', 'context7', 'get-library-docs'],
      ['shell', 'builtin', undefined, undefined],
    ]);
  });

  it('are grouped under their server by tools --mcp', async () => {
    const { code, out } = await run(['tools', fixture, '--mcp', '--json', '--no-cache']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as {
      tool: string;
      kind: string;
      calls: number;
      tools?: { tool: string }[];
    }[];
    expect(rows.map((r) => [r.tool, r.kind, r.calls])).toEqual([
      ['mcp__context7', 'mcp', 2],
      ['mcp__memory', 'mcp', 1],
      ['shell', 'builtin', 1],
    ]);
  });

  it('are not reported as unknown tools by validate', async () => {
    const { code, out } = await run(['validate', fixture, '--json', '--no-cache']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { unknownTools: Record<string, number> };
    expect(report.unknownTools).toEqual({});
  });
});
