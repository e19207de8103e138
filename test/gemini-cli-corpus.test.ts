/**
 * The Gemini CLI files of test/data/corpus-more against a plain JSON walk written here from the format
 * (FORMATS.md section 1), not from agentlog's code: a file is a pretty-printed document
 * `{sessionId, ..., messages[]}` or JSONL (metadata line, messages, `$set`, `$rewindTo`); a message id seen
 * again replaces its earlier copy; tool calls sit in `gemini` messages with `id`, `name`, `status`; tokens are
 * `{input, output, cached, thoughts, tool, total}` per `gemini` message.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { totalTokens } from '../src/model/usage.js';
import { discoverPaths } from '../src/sources/index.js';
import { runBuiltCli } from './helpers/run-built-cli.js';

const root = path.resolve(import.meta.dirname, 'data/corpus-more/gemini-cli');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a plain walk over parsed JSON, as a reader of the format would write it
type Json = Record<string, any>;

/** The plain walk: per file, its raw records and its messages (last copy per id, in first-seen order). */
function plainRead(file: string): { sessionId: string; raw: Json[]; messages: Json[] } {
  const text = readFileSync(file, 'utf8');
  let raw: Json[];
  let sessionId: string;
  if (/^\s*\{\s*\n/.test(text)) {
    const doc = JSON.parse(text) as Json;
    sessionId = doc.sessionId;
    const { messages, ...meta } = doc;
    raw = [meta, ...messages];
  } else {
    raw = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Json);
    sessionId = raw[0]?.sessionId;
  }
  const byId = new Map<string, Json>();
  for (const r of raw) if (typeof r.id === 'string') byId.set(r.id, r);
  return { sessionId, raw, messages: [...byId.values()] };
}

const files = walk(root).filter((f) => path.basename(f) !== 'logs.json');
const plain = files.map((f) => ({ file: f, ...plainRead(f) }));

function sumTokens(messages: Json[]) {
  const sum = { input: 0, output: 0, cached: 0, thoughts: 0, tool: 0, total: 0 };
  for (const m of messages)
    if (m.type === 'gemini' && m.tokens)
      for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += m.tokens[k] ?? 0;
  return sum;
}

describe('Gemini CLI corpus', () => {
  it('has the files the test expects (documents and JSONL)', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(plain.some((p) => p.raw.some((r) => '$set' in r))).toBe(true);
  });

  it('the library finds each file, its tool calls and its usage as the walk does', async () => {
    const { files: refs } = await discoverPaths([root]);
    expect(refs.map((r) => r.path).sort()).toEqual([...files].sort());
    const sessions = await loadSessions(refs);
    expect(sessions).toHaveLength(files.length);
    for (const p of plain) {
      const s = sessions.find((x) => x.files[0] === p.file);
      if (!s) throw new Error(`no session for ${p.file}`);
      expect(s.agent).toBe('gemini-cli');
      expect(s.id).toBe(p.sessionId);
      // Every record of the file is counted (principle 1).
      expect(s.counts.records + s.counts.errors).toBe(p.raw.length);
      expect(s.counts.errors).toBe(0);
      const calls = p.messages.flatMap((m) => (m.type === 'gemini' ? (m.toolCalls ?? []) : []));
      expect(s.toolCalls.map((c) => c.id).sort()).toEqual(calls.map((c: Json) => c.id).sort());
      for (const call of calls) {
        const built = s.toolCalls.find((c) => c.id === call.id);
        expect(built?.name).toBe(call.name);
        expect(built?.status).toBe(call.status === 'success' ? 'ok' : call.status);
        const response = call.result?.[0]?.functionResponse?.response;
        if (typeof response?.output === 'string') expect(built?.result?.text).toBe(response.output);
      }
      const t = sumTokens(p.messages);
      expect(s.usage.cacheReadTokens).toBe(t.cached);
      expect(s.usage.reasoningTokens).toBe(t.thoughts);
      expect(s.usage.inputTokens).toBe(t.input - t.cached + t.tool);
      expect(s.usage.outputTokens).toBe(t.output + t.thoughts);
      expect(totalTokens(s.usage)).toBe(t.total);
      expect(s.usageEntries).toHaveLength(p.messages.filter((m) => m.type === 'gemini' && m.tokens).length);
    }
  });

  describe('the CLI', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-'));
    afterAll(() => rmSync(cache, { recursive: true, force: true }));
    const env = { AGENTLOG_CACHE_DIR: cache };

    // A request copied into two files (a checkpoint of the same session) counts once: by (session, message id).
    const requests = new Map<string, Json>();
    for (const p of plain)
      for (const m of p.messages)
        if (m.type === 'gemini' && m.tokens) requests.set(`${p.sessionId}\u0000${m.id}`, m);
    const once = sumTokens([...requests.values()]);
    const allCalls = plain.reduce(
      (n, p) =>
        n + p.messages.reduce((k, m) => k + (m.type === 'gemini' ? (m.toolCalls?.length ?? 0) : 0), 0),
      0,
    );

    it.each([['--no-cache'], []])('report and usage %s agree with the walk', async (...flags) => {
      const report = await runBuiltCli(
        ['report', '--json', '--agent', 'gemini-cli', root, ...flags],
        root,
        env,
      );
      expect(report.code, report.err).toBe(0);
      const data = JSON.parse(report.out);
      expect(data.sessions.sessions).toBe(files.length);
      expect(data.sessions.toolCalls).toBe(allCalls);
      const usage = await runBuiltCli(['usage', '--json', '--by', 'model', root, ...flags], root, env);
      expect(usage.code, usage.err).toBe(0);
      const rows = JSON.parse(usage.out).rows as Json[];
      const sum = (k: string) => rows.reduce((n, r) => n + r[k], 0);
      expect(sum('cacheReadTokens')).toBe(once.cached);
      expect(sum('reasoningTokens')).toBe(once.thoughts);
      expect(sum('inputTokens')).toBe(once.input - once.cached + once.tool);
      expect(sum('totalTokens')).toBe(once.total);
      expect(sum('requests')).toBe(requests.size);
    });

    it('tools --by kind puts each call under its kind, with and without the index', async () => {
      const byName: Record<string, number> = {};
      for (const p of plain)
        for (const m of p.messages)
          for (const c of m.toolCalls ?? []) byName[c.name] = (byName[c.name] ?? 0) + 1;
      const runs = await Promise.all([
        runBuiltCli(['tools', '--by', 'kind', '--json', root], root, env),
        runBuiltCli(['tools', '--by', 'kind', '--json', root, '--no-cache'], root, env),
      ]);
      for (const run of runs) expect(run.code, run.err).toBe(0);
      expect(runs[0]?.out).toBe(runs[1]?.out);
      const rows = JSON.parse(runs[0]?.out ?? '[]') as Json[];
      expect(Object.fromEntries(rows.map((r) => [r.tool, r.calls]))).toEqual(byName);
      // What the tools do (FORMATS.md): run_shell_command runs commands, read_file reads, write_file writes.
      const group = (tool: string) => rows.find((r) => r.tool === tool)?.group;
      expect([
        group('run_shell_command'),
        group('read_file'),
        group('write_file'),
        group('write_todos'),
      ]).toEqual(['shell', 'read', 'write', 'plan']);
    });

    it('schema --agent gemini-cli lists every tool the corpus calls, with a definition', async () => {
      const list = await runBuiltCli(['schema', '--agent', 'gemini-cli', '--list', '--json'], root, env);
      expect(list.code, list.err).toBe(0);
      const names = (JSON.parse(list.out) as Json[]).map((row) => row.name);
      const called = new Set(
        plain.flatMap((p) => p.messages.flatMap((m) => (m.toolCalls ?? []).map((c: Json) => c.name))),
      );
      for (const name of called) expect(names).toContain(name);
      const one = await runBuiltCli(['schema', 'run_shell_command', '--agent', 'gemini-cli'], root, env);
      expect(one.code, one.err).toBe(0);
      // The corpus' calls carry `command` and `description` (FORMATS.md section 1, and the walk above).
      expect(Object.keys(JSON.parse(one.out).properties)).toEqual(
        expect.arrayContaining(['command', 'description']),
      );
    });

    it('validate accounts for every record of every file', async () => {
      const run = await runBuiltCli(['validate', '--json', root], root, env);
      expect(run.code, run.err).toBe(0);
      const report = JSON.parse(run.out);
      const byType: Record<string, number> = {};
      for (const p of plain)
        for (const r of p.raw) {
          const type = '$set' in r ? '$set' : '$rewindTo' in r ? '$rewindTo' : (r.type ?? 'session');
          byType[type] = (byType[type] ?? 0) + 1;
        }
      expect(report.records).toEqual(byType);
      expect(report.lines).toBe(Object.values(byType).reduce((a, b) => a + b, 0));
      expect(report.errors).toEqual([]);
      expect(report.unknownFields).toEqual([]);
      const calls: Record<string, number> = {};
      for (const p of plain)
        for (const m of p.messages)
          for (const c of m.toolCalls ?? []) calls[c.name] = (calls[c.name] ?? 0) + 1;
      expect(report.toolCalls).toEqual(calls);
    });
  });
});
