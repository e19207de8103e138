import { inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusMoreDir } from '../../test/corpus.js';
import { bashCall, sessionOf } from '../../test/session-fixtures.js';
import { loadSessions } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import { emptyUsage } from '../model/usage.js';
import { discoverPaths } from '../sources/index.js';
import { createModelRowsReader, createStoredTreesReader, rowBackable } from './model-rows.js';
import { openMemoryIndex } from './open-index.js';
import { decodeStoredTrees } from './report-model-codec.js';
import { createRowWriter } from './row-writer.js';

/** Every session of a tree, the root first. */
function treeSessions(root: Session): Session[] {
  return [root, ...root.subagents.flatMap((s) => treeSessions(s.session))];
}

/** How many messages, calls and usage entries of a unit's stored sessions are left to their rows. */
function rowHeldCounts(
  db: Database.Database,
  unitId = 1,
): { messages: number; calls: number; usage: number } {
  const counts = { messages: 0, calls: 0, usage: 0 };
  for (const detail of db.prepare('SELECT detail FROM sessions WHERE unit_id = ?').pluck().all(unitId)) {
    const { session } = JSON.parse(inflateRawSync(detail as Buffer).toString('utf8')) as {
      session: { messages: unknown[]; toolCalls: unknown[]; usageEntries: unknown[] };
    };
    counts.messages += session.messages.filter((m) => typeof m === 'string').length;
    counts.calls += session.toolCalls.filter((c) => typeof c === 'string').length;
    counts.usage += session.usageEntries.filter((u) => u === 0).length;
  }
  return counts;
}

/** The top-level session of unit `unitId` as the index gives it back. */
function storedRoot(db: Database.Database, unitId = 1): Session {
  const [tree] = createStoredTreesReader(db)(unitId);
  if (!tree) throw new Error(`no stored tree for unit ${unitId}`);
  return tree.session;
}

/** `root` stored alone in an index of its own (with or without its items left to their rows), given back. */
function storedAlone(root: Session, rowBacked: boolean): Session {
  const index = openMemoryIndex('test');
  try {
    createRowWriter(index.db).write(root, 1, undefined, rowBacked);
    return storedRoot(index.db);
  } finally {
    index.db.close();
  }
}

describe('row-backed report models', () => {
  it('decode with the rows written for them to what the plain models decode to, on every corpus session', async () => {
    const sessions = await loadSessions((await discoverPaths([corpusDir, corpusMoreDir])).files);
    const index = openMemoryIndex('test');
    try {
      const writer = createRowWriter(index.db);
      sessions.forEach((root, i) => {
        writer.write(root, i + 1, undefined, rowBackable([root]));
      });
      let backed = { messages: 0, calls: 0, usage: 0 };
      let messages = 0;
      let calls = 0;
      let usage = 0;
      sessions.forEach((root, i) => {
        // Counted from the sessions, not from what the stored forms say about themselves.
        for (const session of treeSessions(root)) {
          messages += session.messages.length;
          calls += session.toolCalls.length;
          usage += session.usageEntries.length;
        }
        const counts = rowHeldCounts(index.db, i + 1);
        backed = {
          messages: backed.messages + counts.messages,
          calls: backed.calls + counts.calls,
          usage: backed.usage + counts.usage,
        };
        const fromRows = storedRoot(index.db, i + 1);
        const plain = storedAlone(root, false);
        expect(fromRows).toEqual(plain);
        // Key order included: what a command prints of a session is the same.
        expect(JSON.stringify(fromRows)).toBe(JSON.stringify(plain));
      });
      // Most of the corpus goes to the rows (a message whose row cannot give it back stays whole).
      expect(backed.messages).toBeGreaterThan(messages * 0.9);
      expect(backed.calls).toBeGreaterThan(calls * 0.9);
      expect(backed.usage).toBeGreaterThan(usage * 0.9);
    } finally {
      index.db.close();
    }
  });

  it('keep whole what SQLite would not give back, and refuse rows that are not the model’s', () => {
    const session = sessionOf({
      messages: [
        { id: 'a', role: 'user', kind: 'prompt', parts: [], location: { file: '/f', line: 1 } },
        // A lone surrogate becomes U+FFFD in SQLite's UTF-8.
        {
          id: 'b\ud800',
          parentId: 'a',
          role: 'user',
          kind: 'prompt',
          parts: [],
          location: { file: '/f', line: 2 },
        },
        // Empty strings, a false offBranch, the fields a row holds among those it does not.
        {
          id: 'c',
          parentId: '',
          role: 'assistant',
          kind: 'response',
          timestamp: '',
          apiMessageId: 'msg_1',
          model: 'm1',
          subtype: 'x',
          offBranch: false,
          agentId: 'ag',
          parts: [{ type: 'tool_call', callId: 'k1' }],
          location: { file: '/g', line: 3 },
        },
        {
          id: 'd',
          role: 'system',
          kind: 'system',
          offBranch: true,
          parts: [],
          location: { file: '/f', line: 4 },
        },
      ],
      toolCalls: [
        {
          id: 'k1',
          name: 'mcp__srv__do',
          canonicalName: 'mcp__srv__do',
          kind: 'mcp',
          mcpServer: 'srv',
          mcpTool: 'do',
          status: 'error',
          statusReason: 'why',
          startTime: '2026-01-01T00:00:00Z',
          endTime: '2026-01-01T00:00:01Z',
          durationMs: 0,
          messageId: 'c',
          model: 'm1',
          sessionId: 'other',
          subagentId: 'sub',
          input: undefined,
          location: { file: '/g', line: 3 },
          result: {
            text: 'boom',
            content: undefined,
            location: { file: '/h', line: 5 },
            isError: true,
            exitCode: 2,
          },
        },
        {
          id: 'k2',
          name: 'Bash',
          canonicalName: 'Shell',
          kind: 'builtin',
          status: 'missing',
          sessionId: 's',
          input: undefined,
          location: { file: '/f', line: 6 },
        },
        {
          id: 'k3',
          name: 'Read',
          canonicalName: 'Read',
          kind: 'builtin',
          status: 'orphan_result',
          durationMs: 1.5,
          sessionId: 's',
          input: undefined,
          location: { file: '/f', line: 7 },
        },
      ],
      usage: {},
      usageEntries: [
        {
          usage: {
            inputTokens: 1,
            outputTokens: 2,
            cacheWriteTokens: 3,
            cacheWrite1hTokens: 0,
            cacheReadTokens: 4,
            reasoningTokens: 0,
            webSearchRequests: 0,
          },
        },
        {
          messageId: 'c',
          model: 'm1',
          timestamp: '',
          requestKey: 'r',
          usage: {
            inputTokens: Number.MAX_SAFE_INTEGER,
            outputTokens: 0.5,
            cacheWriteTokens: 0,
            cacheWrite1hTokens: 0,
            cacheReadTokens: 0,
            reasoningTokens: 0,
            webSearchRequests: 0,
          },
        },
        // Infinity (JSON.parse gives it for 1e999) is no number SQLite gives back as JSON would.
        {
          usage: { ...emptyUsage(), inputTokens: Number.POSITIVE_INFINITY },
        },
      ],
    });
    const index = openMemoryIndex('test');
    try {
      createRowWriter(index.db).write(session, 1, undefined, true);
      expect(rowHeldCounts(index.db)).toEqual({ messages: 3, calls: 3, usage: 2 });
      const fromRows = storedRoot(index.db);
      const plain = storedAlone(session, false);
      expect(fromRows).toEqual(plain);
      expect(JSON.stringify(fromRows)).toBe(JSON.stringify(plain));
      expect(fromRows.usageEntries[2]?.usage.inputTokens).toBe(null);
      const sessionRows = index.db
        .prepare(
          'SELECT rowid, parent_row AS parentRow, detail FROM sessions WHERE unit_id = 1 ORDER BY rowid',
        )
        .all() as { rowid: number; parentRow: number | null; detail: Buffer }[];
      const rows = createModelRowsReader(index.db)(1);
      // Rows in another order than the stored session's: found, never decoded into another message's fields.
      const reversed = { ...rows, messages: (id: string) => [...rows.messages(id)].reverse() };
      expect(() => decodeStoredTrees(sessionRows, reversed)).toThrow(/another message/);
      // A row missing: the stored session is damaged.
      index.db.prepare('DELETE FROM messages WHERE rowid = (SELECT MAX(rowid) FROM messages)').run();
      expect(() => storedRoot(index.db)).toThrow(/4 messages, its rows 3/);
    } finally {
      index.db.close();
    }
  });

  it('give back references to calls by their place, results by their time, whatever the calls', () => {
    const reply = (id: string, line: number, parts: unknown[]) => ({
      id,
      role: 'assistant',
      kind: 'response',
      parts,
      location: { file: '/f', line },
    });
    const result = (timestamp: string | undefined, file = '/f') => ({
      text: '',
      content: undefined,
      location: { file, line: 9 },
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    const session = sessionOf({
      messages: [
        reply('m1', 1, [
          { type: 'tool_call', callId: 'a' },
          { type: 'text', text: 'left out' },
          { type: 'tool_call', callId: 'b' },
          { type: 'tool_call', callId: 'a' },
          { type: 'tool_call', callId: 'elsewhere' },
        ]),
        {
          ...reply('m2', 2, [
            { type: 'tool_result', callId: 'b' },
            { type: 'tool_result', callId: 'x' },
            { type: 'tool_result', callId: 'a' },
          ]),
          role: 'user',
          kind: 'tool_results',
        },
      ],
      toolCalls: [
        bashCall('a', 'ok', 1, { endTime: 'T2', result: result('T2') }),
        bashCall('b', 'ok', 1, { endTime: 'T3', result: result('T4', '/g') }),
        bashCall('a', 'missing', 1),
        bashCall('x', 'orphan_result', 2, { result: result(undefined) }),
      ],
    });
    const index = openMemoryIndex('test');
    try {
      createRowWriter(index.db).write(session, 1, undefined, true);
      const details = index.db
        .prepare('SELECT detail FROM messages ORDER BY rowid')
        .pluck()
        .all() as string[];
      // Places among the calls without the result without a call: a is 0 (its first place), b is 1.
      expect(JSON.parse(details[0] as string).parts).toEqual([0, 1, 0, 'celsewhere']);
      expect(JSON.parse(details[1] as string).parts).toEqual([-2, 'rx', -1]);
      expect(rowHeldCounts(index.db)).toEqual({ messages: 2, calls: 4, usage: 0 });
      const fromRows = storedRoot(index.db);
      expect(JSON.stringify(fromRows)).toBe(JSON.stringify(storedAlone(session, false)));
      expect(fromRows.toolCalls.map((c) => c.result?.timestamp)).toEqual(['T2', 'T4', undefined, undefined]);
    } finally {
      index.db.close();
    }
  });

  it('keep the calls of a session whole when a call comes after a result without a call', () => {
    const session = sessionOf({
      toolCalls: [bashCall('a', 'ok'), bashCall('b', 'orphan_result'), bashCall('c', 'ok')],
    });
    const index = openMemoryIndex('test');
    try {
      createRowWriter(index.db).write(session, 1, undefined, true);
      expect(rowHeldCounts(index.db).calls).toBe(0);
      expect(storedRoot(index.db).toolCalls.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    } finally {
      index.db.close();
    }
  });

  it('are asked for only where a session id names one session of the unit', () => {
    const leaf = (id: string) => ({ id, subagents: [] }) as unknown as Session;
    const root = (id: string, subs: string[]) =>
      ({ id, subagents: subs.map((s) => ({ session: leaf(s) })) }) as unknown as Session;
    expect(rowBackable([root('a', ['x', 'y']), root('b', [])])).toBe(true);
    expect(rowBackable([root('a', ['x']), root('a', [])])).toBe(false);
    expect(rowBackable([root('a', ['x']), root('b', ['x'])])).toBe(false);
  });
});
