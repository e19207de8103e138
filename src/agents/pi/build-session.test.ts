import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAgentFile } from '../test-support/read-agent-file.js';
import { buildPiSession } from './build-session.js';
import { decodePiRecord } from './decode-record.js';

const root = path.resolve('test/data/corpus-more/pi');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : name.endsWith('.jsonl') ? [full] : [];
  });
}

/** The raw fields the walk reads, as session.md describes them. */
interface RawEntry {
  type: string;
  id?: string;
  message?: {
    role: string;
    content?: unknown;
    toolCallId?: string;
    isError?: boolean;
    stopReason?: string;
    usage?: {
      input: number;
      output: number;
      cacheRead: number;
      cacheWrite: number;
      cost?: { total?: number };
    };
  };
}

/** An independent walk of the raw lines. */
function plainWalk(file: string) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const entries = lines.map((l) => JSON.parse(l) as RawEntry);
  const callIds = new Set<string>();
  const resultIds = new Set<string>();
  let errors = 0;
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, requests: 0 };
  for (const e of entries) {
    const m = e.message;
    if (!m) continue;
    if (m.role === 'assistant') {
      for (const block of Array.isArray(m.content) ? (m.content as { type: string; id: string }[]) : [])
        if (block.type === 'toolCall') callIds.add(block.id);
      if (m.usage) {
        usage.input += m.usage.input;
        usage.output += m.usage.output;
        usage.cacheRead += m.usage.cacheRead;
        usage.cacheWrite += m.usage.cacheWrite;
        usage.cost += m.usage.cost?.total ?? 0;
        usage.requests += 1;
      }
    }
    if (m.role === 'toolResult' && m.toolCallId) {
      resultIds.add(m.toolCallId);
      if (m.isError) errors += 1;
    }
  }
  return { lines: lines.length, entries, callIds, resultIds, errors, usage };
}

const files = filesUnder(root);
const read = (file: string) => readAgentFile(file, (v) => decodePiRecord(v, 'envelope'));

describe('buildPiSession on the corpus-more Pi files', () => {
  it('finds the four files', () => {
    expect(files).toHaveLength(4);
  });

  for (const file of files) {
    it(`${path.relative(root, file)}: every line accounted for; calls, results and usage as the raw entries say`, async () => {
      const session = buildPiSession(await read(file));
      const walk = plainWalk(file);
      const c = session.counts;
      expect(c.records + c.errors + c.blankLines).toBe(c.lines);
      expect(c.records).toBe(walk.lines);
      expect(Object.keys(c.unknownRecordTypes)).toEqual([]);
      const calls = session.toolCalls.filter((t) => t.status !== 'orphan_result');
      expect(new Set(calls.map((t) => t.id))).toEqual(walk.callIds);
      expect(new Set(session.toolCalls.filter((t) => t.result).map((t) => t.id))).toEqual(walk.resultIds);
      expect(session.toolCalls.filter((t) => t.result?.isError).length).toBe(walk.errors);
      expect(session.usage.inputTokens).toBe(walk.usage.input);
      expect(session.usage.outputTokens).toBe(walk.usage.output);
      expect(session.usage.cacheReadTokens).toBe(walk.usage.cacheRead);
      expect(session.usage.cacheWriteTokens).toBe(walk.usage.cacheWrite);
      expect(session.usageEntries).toHaveLength(walk.usage.requests);
      if (walk.usage.requests > 0)
        expect(session.meta.recordedCostUsd as number).toBeCloseTo(walk.usage.cost, 9);
      expect(session.id).toBe((walk.entries[0] as { id?: string }).id);
    });
  }

  it('reads the v1 session of the pi author: linear order, 391 calls, 18 without a result settled by their response', async () => {
    const file = files.find((f) => f.endsWith('large-session.jsonl')) as string;
    const session = buildPiSession(await read(file));
    expect(session.versions).toEqual([]);
    expect(session.meta.sessionFormat).toBe(1);
    expect(session.cwd).toBe('/Users/badlogic/workspaces/pi-mono');
    expect(session.messages.some((m) => m.offBranch)).toBe(false);
    // Linear: messages keep file order.
    const lines = session.messages.map((m) => m.location.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(session.toolCalls).toHaveLength(391);
    const byStatus: Record<string, number> = {};
    for (const t of session.toolCalls) byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    // 373 results: 354 fine, 19 isError (17 end "Command exited with code N", 2 "Command aborted"); no
    // result: 16 calls of the response that failed (stopReason error), 2 of aborted ones.
    expect(byStatus).toEqual({ ok: 354, error: 17 + 16, interrupted: 2 + 2 });
    expect(session.toolCalls.find((t) => t.status === 'error' && t.result)?.statusReason).toMatch(
      /exited with code|error/,
    );
  });

  it('reads a v3 tree with a compaction and a user bash execution', async () => {
    const file = files.find((f) => f.endsWith('real_world.jsonl')) as string;
    const session = buildPiSession(await read(file));
    expect(session.models).toEqual([
      'accounts/fireworks/routers/glm-5p2-fast',
      'accounts/fireworks/routers/kimi-k2p6-fast',
    ]);
    expect(session.messages.map((m) => m.kind)).toEqual([
      'prompt',
      'response',
      'tool_results',
      'tool_results',
      'response',
      'meta',
      'api_error',
      'compact_boundary',
      'prompt',
    ]);
    expect(session.toolCalls.map((t) => [t.name, t.status])).toEqual([
      ['read', 'ok'],
      ['read', 'ok'],
    ]);
  });

  it('gives the scripted native tools their kinds and the Windows-only call an error', async () => {
    const file = files.find((f) => f.endsWith('native.jsonl')) as string;
    const session = buildPiSession(await read(file));
    expect(session.toolCalls.map((t) => [t.name, t.kind, t.status])).toEqual([
      ['write', 'builtin', 'ok'],
      ['read', 'builtin', 'ok'],
      ['edit', 'builtin', 'ok'],
      ['grep', 'builtin', 'ok'],
      ['find', 'builtin', 'ok'],
      ['ls', 'builtin', 'ok'],
      ['bash', 'builtin', 'ok'],
      ['powershell', 'builtin', 'error'],
    ]);
    expect(session.usageEntries).toEqual([]);
  });
});

describe('Pi branches', () => {
  it('marks the abandoned branch off-branch when a later prompt continues from an earlier entry', () => {
    const file = 'x/2026-01-01T00-00-00-000Z_11111111-2222-3333-4444-555555555555.jsonl';
    const lines = [
      { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' },
      {
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: '2026-01-01T00:00:01.000Z',
        message: { role: 'user', content: 'one' },
      },
      {
        type: 'message',
        id: 'b',
        parentId: 'a',
        timestamp: '2026-01-01T00:00:02.000Z',
        message: { role: 'assistant', content: [{ type: 'text', text: 'first answer' }] },
      },
      {
        type: 'branch_summary',
        id: 'c',
        parentId: 'a',
        timestamp: '2026-01-01T00:00:03.000Z',
        fromId: 'b',
        summary: 'tried b',
      },
      {
        type: 'message',
        id: 'd',
        parentId: 'c',
        timestamp: '2026-01-01T00:00:04.000Z',
        message: { role: 'user', content: 'two' },
      },
    ];
    const session = buildPiSession({
      file,
      records: lines.map((value, i) => ({ value, location: { file, line: i + 1 } })),
      counts: { lines: 5, blankLines: 0, records: 5, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
      problems: [],
    });
    expect(session.messages.map((m) => [m.id, m.offBranch ?? false])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
      ['d', false],
    ]);
  });
});
