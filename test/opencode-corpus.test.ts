/**
 * OpenCode's corpus through discovery and loadSessions, against a plain walk of the files written from the
 * format (FORMATS.md section 2), not from our builder: the v2 row dump as a real `opencode.db` in a fresh
 * home (and the dump itself read as JSONL), and the two handwritten storage trees.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverAgentPaths } from '../src/agents/discover-agent-paths.js';
import { discoverAgents } from '../src/agents/discover-agents.js';
import {
  opencodeRowDump,
  readRowDump,
  writeOpencodeDatabase,
} from '../src/agents/test-support/opencode-database.js';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths } from '../src/sources/index.js';

const corpus = path.resolve(import.meta.dirname, 'data/corpus-more/opencode');
const trees = {
  jazzy: path.join(corpus, 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/opencode/storage_v2'),
  mock: path.join(corpus, 'aaaAlexanderaaa__cchistory/mock_data/.local/share/opencode/storage'),
};
const work = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-corpus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Json = Record<string, unknown>;
const tokensOf = (t: unknown) => {
  const o = (t ?? {}) as Json;
  const cache = (o.cache ?? {}) as Json;
  return {
    input: Number(o.input ?? 0),
    output: Number(o.output ?? 0),
    cacheRead: Number(cache.read ?? 0),
    cacheWrite: Number(cache.write ?? 0),
  };
};
const add = (a: ReturnType<typeof tokensOf>, b: ReturnType<typeof tokensOf>) => ({
  input: a.input + b.input,
  output: a.output + b.output,
  cacheRead: a.cacheRead + b.cacheRead,
  cacheWrite: a.cacheWrite + b.cacheWrite,
});
const zero = () => tokensOf({});
const usageOf = (s: Session) => ({
  input: s.usage.inputTokens,
  output: s.usage.outputTokens,
  cacheRead: s.usage.cacheReadTokens,
  cacheWrite: s.usage.cacheWriteTokens,
});
const statusOf: Record<string, string> = { completed: 'ok', error: 'error' };
const allSessions = (s: Session): Session[] => [s, ...s.subagents.flatMap((a) => allSessions(a.session))];

/** The dump walked by hand: per session, its rows, tool calls (id -> status) and tokens. */
function walkDump() {
  const perSession = new Map<
    string,
    { rows: number; calls: Map<string, string>; tokens: ReturnType<typeof tokensOf>; row?: Json }
  >();
  const of = (id: string) => {
    let s = perSession.get(id);
    if (!s) {
      s = { rows: 0, calls: new Map(), tokens: zero() };
      perSession.set(id, s);
    }
    return s;
  };
  for (const { table, row } of readRowDump()) {
    const id = String(table === 'session_v2' ? row.id : row.session_id);
    const s = of(id);
    s.rows += 1;
    if (table === 'session_v2') s.row = row;
    const data = (row.data ?? {}) as Json;
    if (row.type !== 'assistant') continue;
    s.tokens = add(s.tokens, tokensOf(data.tokens));
    for (const part of (data.content ?? []) as Json[])
      if (part.type === 'tool')
        s.calls.set(String(part.id), statusOf[String((part.state as Json).status)] ?? 'missing');
  }
  return perSession;
}

function checkAgainstDump(root: Session | undefined) {
  const walked = walkDump();
  expect(root).toBeDefined();
  const sessions = allSessions(root as Session);
  expect(sessions.map((s) => s.id).sort()).toEqual([...walked.keys()].sort());
  let rows = 0;
  for (const session of sessions) {
    const w = walked.get(session.id);
    rows += w?.rows ?? 0;
    expect(new Map(session.toolCalls.map((c) => [c.id, c.status]))).toEqual(w?.calls);
    expect(usageOf(session)).toEqual(w?.tokens);
    // The session row's own totals agree with its rows' tokens: each assistant row is one request.
    const row = w?.row ?? {};
    expect(usageOf(session)).toEqual({
      input: row.tokens_input,
      output: row.tokens_output,
      cacheRead: row.tokens_cache_read,
      cacheWrite: row.tokens_cache_write,
    });
  }
  const counts = (root as Session).counts;
  expect(counts.records + counts.errors).toBe(rows);
  expect(counts.records).toBe(readFileSync(opencodeRowDump, 'utf8').trim().split('\n').length);
  // The subagent is linked to the call whose metadata names its session.
  const sub = (root as Session).subagents[0];
  expect(sub?.toolCallId).toBe((root as Session).toolCalls.find((c) => c.name === 'subagent')?.id);
}

/** A tree walked by hand: documents, tool calls, tokens per session (step-finish parts, else the message's). */
function walkTree(storage: string) {
  const out = new Map<
    string,
    { documents: number; calls: Map<string, string>; tokens: ReturnType<typeof tokensOf> }
  >();
  const list = (dir: string) => {
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
  for (const project of list(path.join(storage, 'session')))
    for (const name of list(path.join(storage, 'session', project))) {
      const session = read(path.join(storage, 'session', project, name));
      const id = String(session.id);
      const entry = { documents: 1, calls: new Map<string, string>(), tokens: zero() };
      for (const m of list(path.join(storage, 'message', id))) {
        entry.documents += 1;
        const message = read(path.join(storage, 'message', id, m));
        const parts = list(path.join(storage, 'part', String(message.id))).map((p) =>
          read(path.join(storage, 'part', String(message.id), p)),
        );
        entry.documents += parts.length;
        const steps = parts.filter((p) => p.type === 'step-finish');
        if (message.role === 'assistant')
          entry.tokens = add(
            entry.tokens,
            steps.length > 0 ? steps.map((p) => tokensOf(p.tokens)).reduce(add) : tokensOf(message.tokens),
          );
        for (const p of parts)
          if (p.type === 'tool')
            entry.calls.set(String(p.callID), statusOf[String((p.state as Json).status)] ?? 'missing');
      }
      for (const side of ['todo', 'session_diff'])
        if (list(path.join(storage, side)).includes(`${id}.json`)) entry.documents += 1;
      out.set(id, entry);
    }
  return out;
}

function home(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, '.local', 'share', 'opencode'), { recursive: true });
  return dir;
}

describe('OpenCode corpus', () => {
  it('reads the v2 database as the rows say', async () => {
    const h = home('db');
    writeOpencodeDatabase(path.join(h, '.local/share/opencode/opencode.db'), readRowDump(), { wal: true });
    const files = (await discoverAgents({ env: {}, home: h })).files.filter((f) => f.agent === 'opencode');
    const sessions = await loadSessions(files);
    expect(sessions).toHaveLength(1);
    checkAgainstDump(sessions[0]);
  });

  it('reads the row dump given as a JSONL file the same way', async () => {
    const sessions = await loadSessions((await discoverPaths([opencodeRowDump])).files);
    expect(sessions.map((s) => s.agent)).toEqual(['opencode']);
    checkAgainstDump(sessions[0]);
  });

  for (const [name, storage] of Object.entries(trees))
    it(`reads the ${name} storage tree as its documents say`, async () => {
      const h = home(`tree-${name}`);
      cpSync(storage, path.join(h, '.local/share/opencode/storage'), { recursive: true });
      const files = (await discoverAgents({ env: {}, home: h })).files.filter((f) => f.agent === 'opencode');
      const sessions = await loadSessions(files);
      const walked = walkTree(storage);
      expect(sessions.map((s) => s.id).sort()).toEqual([...walked.keys()].sort());
      for (const session of sessions) {
        const w = walked.get(session.id);
        expect(session.counts.records + session.counts.errors).toBe(w?.documents);
        expect(new Map(session.toolCalls.map((c) => [c.id, c.status]))).toEqual(w?.calls);
        expect(usageOf(session)).toEqual(w?.tokens);
      }
    });

  it('finds the trees and the dump in the corpus folder given by path', async () => {
    const found = (await discoverAgentPaths([corpus])).files;
    const ids = found.map((f) => f.sessionId ?? path.basename(f.path)).sort();
    const expected = [
      ...[...walkTree(trees.jazzy).keys(), ...walkTree(trees.mock).keys()],
      path.basename(opencodeRowDump),
    ].sort();
    expect(ids).toEqual(expected);
    expect(found.every((f) => f.agent === 'opencode' || f.agent === 'unknown')).toBe(true);
  });
});
