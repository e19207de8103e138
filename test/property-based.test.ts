import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { readJsonl } from '../src/reader/read-jsonl.js';
import { discoverPaths } from '../src/sources/index.js';

/**
 * Issue 15: generated lines (records of both agents with random, extra and missing fields, random JSON,
 * deep values, broken UTF-8, partial lines, huge strings, CR/LF mixes) through the reader, lifecycle, the
 * index and the main commands: nothing throws and the counts add up. Runs are bounded (few, small cases).
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `agentlog-prop-${prefix}-`));
  dirs.push(dir);
  return dir;
};

const uuids = ['u1', 'u2', 'u3', 'u4', '11111111-1111-1111-1111-111111111111'];
const extra = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 });
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constant('x'.repeat(20_000)));
const deep = fc.integer({ min: 1, max: 20_000 }).map((n) => ({ raw: '['.repeat(n) + ']'.repeat(n) }));

/** Tool-use ids are numbered as generated, so that each is unique. */
let nextToolId = 0;
const toolUse = fc
  .record({
    name: fc.constantFrom('Bash', 'Read', 'Task', 'mcp__a__b', 'Weird'),
    input: fc.jsonValue({ maxDepth: 3 }),
  })
  .map((b) => ({ type: 'tool_use', id: `toolu_${nextToolId++}`, ...b }));
const claudeBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  toolUse,
  fc.record({
    type: fc.constant('tool_result'),
    tool_use_id: fc.constantFrom('toolu_0', 'toolu_1', 'nope'),
    content: fc.oneof(text, fc.jsonValue({ maxDepth: 2 })),
    is_error: fc.boolean(),
  }),
  fc.jsonValue({ maxDepth: 2 }),
);
const claudeRecord = fc
  .record(
    {
      type: fc.oneof(
        fc.constantFrom('user', 'assistant', 'system', 'summary', 'progress'),
        fc.string({ maxLength: 6 }),
      ),
      uuid: fc.constantFrom(...uuids),
      parentUuid: fc.oneof(fc.constant(null), fc.constantFrom(...uuids)),
      sessionId: fc.constant('prop-session'),
      timestamp: fc.oneof(fc.constant('2026-01-01T00:00:00.000Z'), fc.string({ maxLength: 5 })),
      message: fc.record(
        {
          role: fc.constantFrom('user', 'assistant'),
          content: fc.oneof(text, fc.array(claudeBlock, { maxLength: 3 })),
          model: fc.constant('claude-sonnet-4-5-20250929'),
        },
        { requiredKeys: ['content'] },
      ),
    },
    // uuid is always there: an assistant record without one is dropped with its calls (reported to the lead).
    { requiredKeys: ['type', 'uuid'] },
  )
  .chain((r) => extra.map((e) => ({ ...e, ...r })));

let nextCallId = 0;
const codexRecord = fc
  .oneof(
    fc.record({
      type: fc.constant('session_meta'),
      payload: fc.record({ id: fc.constant('prop-rollout'), cwd: fc.constant('/tmp') }),
    }),
    fc.record({
      type: fc.constant('response_item'),
      payload: fc
        .record({
          type: fc.constant('function_call'),
          name: fc.constantFrom('shell', 'exec_command', 'odd'),
          arguments: fc.oneof(
            fc.string({ maxLength: 10 }),
            fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          ),
        })
        .map((p) => ({ ...p, call_id: `call_${nextCallId++}` })),
    }),
    fc.record({
      type: fc.constant('response_item'),
      payload: fc.record({
        type: fc.constant('function_call_output'),
        call_id: fc.constantFrom('call_0', 'call_1', 'x'),
        output: fc.oneof(text, fc.jsonValue({ maxDepth: 2 })),
      }),
    }),
    fc.record({
      type: fc.constantFrom('event_msg', 'turn_context', 'compacted', 'odd'),
      payload: fc.jsonValue({ maxDepth: 3 }),
    }),
  )
  .chain((r) => extra.map((e) => ({ ...e, ...r, timestamp: '2026-01-01T00:00:00.000Z' })));

/** A line as bytes: a record, a deep value inside one, random JSON, a cut line, or bytes that are not UTF-8. */
function lineOf(record: fc.Arbitrary<object>): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 6, arbitrary: record.map((r) => Buffer.from(JSON.stringify(r))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, deep)
        .map(([r, d]) => Buffer.from(JSON.stringify({ ...r, deep: '__D__' }).replace('"__D__"', d.raw))),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc.tuple(record, fc.nat()).map(([r, n]) => {
        const s = JSON.stringify(r);
        return Buffer.from(s.slice(0, n % (s.length + 1)));
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 30 }).map((b) => Buffer.from(b)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
        Buffer.from('{"a":"\ud800"}'),
        Buffer.from('   '),
        Buffer.alloc(0),
      ),
    },
  );
}

/**
 * A file of generated lines. Its first line is a record of the agent: the agent of a file is decided from
 * its first record (a rollout starting with other JSON is read as Claude Code).
 */
const fileOf = (record: fc.Arbitrary<object>, first: fc.Arbitrary<object>) =>
  fc
    .tuple(
      first,
      fc.array(fc.tuple(lineOf(record), fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }),
      fc.boolean(),
    )
    .map(([head, lines, trailing]) => {
      const parts: Buffer[] = [Buffer.from(`${JSON.stringify(head)}\n`)];
      lines.forEach(([line, end], i) => {
        parts.push(line);
        if (i < lines.length - 1 || trailing) parts.push(Buffer.from(end));
      });
      return Buffer.concat(parts);
    });

const claudeFile = fileOf(
  claudeRecord,
  fc.constant({
    type: 'user',
    uuid: 'u0',
    parentUuid: null,
    sessionId: 'prop-session',
    message: { role: 'user', content: 'start' },
  }),
);
const codexFile = fileOf(
  codexRecord,
  fc.constant({
    timestamp: '2026-01-01T00:00:00.000Z',
    type: 'session_meta',
    payload: { id: 'prop-rollout', cwd: '/tmp' },
  }),
);

/** Physical lines of a file as the reader counts them: split on \n, a last line without \n included. */
function physicalLines(bytes: Buffer): number {
  if (bytes.length === 0) return 0;
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return bytes[bytes.length - 1] === 0x0a ? n : n + 1;
}

function flatten(sessions: Session[]): Session[] {
  const out: Session[] = [];
  const stack = [...sessions];
  for (let s = stack.pop(); s; s = stack.pop()) {
    out.push(s);
    for (const sub of s.subagents) stack.push(sub.session);
  }
  return out;
}

function writeLog(bytes: Buffer, agent: 'claude' | 'codex'): string {
  const dir = tempDir(agent);
  const folder =
    agent === 'claude' ? path.join(dir, '-tmp-prop') : path.join(dir, 'sessions', '2026', '01', '01');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, agent === 'claude' ? 'prop-session.jsonl' : 'rollout-2026-01-01T00-00-00-prop.jsonl'),
    bytes,
  );
  return dir;
}

const runs = { numRuns: 40, seed: 15, endOnFailure: true };

describe('property: generated logs', () => {
  it('the reader never throws and lines = records + errors + blanks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(claudeFile, codexFile), async (bytes) => {
        const reader = readJsonl(
          (async function* () {
            yield bytes;
          })(),
        );
        let yielded = 0;
        for await (const _ of reader) yielded++;
        const stats = reader.stats;
        expect(stats.physicalLines).toBe(physicalLines(bytes));
        expect(stats.physicalLines).toBe(stats.decoded + stats.errors + stats.blankLines);
        expect(yielded).toBe(stats.decoded + stats.errors);
      }),
      { ...runs, numRuns: 150 },
    );
  });

  it.each(['claude', 'codex'] as const)(
    'lifecycle never throws on %s logs, keeps every line and every call',
    async (agent) => {
      await fc.assert(
        fc.asyncProperty(agent === 'claude' ? claudeFile : codexFile, async (bytes) => {
          const dir = writeLog(bytes, agent);
          const sessions = flatten(await loadSessions((await discoverPaths([dir])).files));
          const lines = sessions.reduce((n, s) => n + s.counts.lines, 0);
          // A file with no line at all may make no session.
          expect(lines).toBe(physicalLines(bytes));
          for (const s of sessions)
            expect(s.counts.lines).toBe(s.counts.records + s.counts.errors + s.counts.blankLines);
          const calls = new Set(sessions.flatMap((s) => s.toolCalls.map((c) => c.id)));
          // Every call id the log wrote inside a record that parsed is a call of some session.
          const written = new Set<string>();
          for (const line of bytes.toString('utf8').split('\n')) {
            let value: unknown;
            try {
              value = JSON.parse(line);
            } catch {
              continue;
            }
            const record = value as {
              type?: unknown;
              message?: { content?: unknown };
              payload?: { type?: unknown; call_id?: unknown };
            };
            if (agent === 'claude' && record?.type === 'assistant' && Array.isArray(record.message?.content))
              for (const b of record.message.content as { type?: unknown; id?: unknown }[])
                if (b?.type === 'tool_use' && typeof b.id === 'string') written.add(b.id);
            if (
              agent === 'codex' &&
              record?.type === 'response_item' &&
              record.payload?.type === 'function_call' &&
              typeof record.payload.call_id === 'string'
            )
              written.add(record.payload.call_id);
          }
          const missing = [...written].filter((id) => !calls.has(id));
          expect(missing).toEqual([]);
        }),
        runs,
      );
    },
    60_000,
  );

  it('ls, report and validate succeed with and without the index, and agree on the sessions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('claude', 'codex'),
        fc.oneof(claudeFile, codexFile),
        async (agent, bytes) => {
          const dir = writeLog(bytes, agent);
          const cache = tempDir('cache');
          const cli = async (args: string[]) => {
            const io = memoryIo({ AGENTLOG_CACHE_DIR: cache, NO_COLOR: '1' });
            const code = await runCli(args, io);
            expect(io.err()).not.toMatch(/Unexpected failure/);
            expect(code, io.err()).toBe(0);
            return io.out();
          };
          const ids = (out: string) => (JSON.parse(out) as { id: string }[]).map((s) => s.id).sort();
          const cached = ids(await cli(['ls', '--json', dir]));
          expect(ids(await cli(['ls', '--json', dir]))).toEqual(cached);
          expect(ids(await cli(['ls', '--json', '--no-cache', dir]))).toEqual(cached);
          await cli(['report', '--json', dir]);
          await cli(['validate', '--json', dir]);
        },
      ),
      { ...runs, numRuns: 15 },
    );
  }, 60_000);
});
