/**
 * The Qwen Code and Pi files of test/data/corpus-more through the whole library path (discoverPaths ->
 * loadSessions: agent sniffing, buildSafely, units) against a plain JSON walk written from the formats
 * (FORMATS.md sections 4 and 5): every line a record, calls and results by id, usage summed per request.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { discoverPaths } from '../src/sources/index.js';

const corpus = path.resolve(import.meta.dirname, 'data/corpus-more');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const rawLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

interface QwenRaw {
  uuid: string;
  type: string;
  message?: { parts?: { functionCall?: { id: string }; functionResponse?: { id: string } }[] };
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    cachedContentTokenCount?: number;
  };
}
interface PiRaw {
  type: string;
  message?: {
    role: string;
    content?: { type: string; id?: string }[] | string;
    toolCallId?: string;
    usage?: { input: number; output: number; cacheRead: number; cacheWrite: number };
  };
}

describe('Qwen Code and Pi corpus files through loadSessions', () => {
  it('Qwen Code: one session per file, every line counted, calls, results and usage as the raw records say', async () => {
    const dir = path.join(corpus, 'qwen-code');
    const files = walk(dir);
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    expect(sessions.map((s) => s.agent)).toEqual(files.map(() => 'qwen-code'));
    let lines = 0;
    const calls = new Set<string>();
    const results = new Set<string>();
    const usage = new Map<string, { prompt: number; cached: number; out: number }>();
    for (const file of files)
      for (const r of rawLines(file) as unknown as QwenRaw[]) {
        lines += 1;
        for (const p of r.message?.parts ?? []) {
          if (p.functionCall) calls.add(`${file}|${p.functionCall.id}`);
          if (p.functionResponse) results.add(`${file}|${p.functionResponse.id}`);
        }
        const u = r.type === 'assistant' ? r.usageMetadata : undefined;
        if (u?.promptTokenCount !== undefined) {
          const key = `${file}|${r.uuid}`;
          const prev = usage.get(key) ?? { prompt: 0, cached: 0, out: 0 };
          usage.set(key, {
            prompt: Math.max(prev.prompt, u.promptTokenCount),
            cached: Math.max(prev.cached, u.cachedContentTokenCount ?? 0),
            out: Math.max(prev.out, u.candidatesTokenCount ?? 0),
          });
        }
      }
    const counts = sessions.map((s) => s.counts);
    expect(counts.reduce((a, c) => a + c.lines, 0)).toBe(lines);
    expect(counts.reduce((a, c) => a + c.records, 0)).toBe(lines);
    const sessionCalls = sessions.flatMap((s) =>
      s.toolCalls.filter((t) => t.status !== 'orphan_result').map((t) => `${s.files[0]}|${t.id}`),
    );
    expect(new Set(sessionCalls)).toEqual(calls);
    const answered = sessions.flatMap((s) =>
      s.toolCalls.filter((t) => t.result).map((t) => `${s.files[0]}|${t.id}`),
    );
    expect(new Set(answered)).toEqual(results);
    const sum = [...usage.values()].reduce(
      (a, u) => ({ prompt: a.prompt + u.prompt, cached: a.cached + u.cached, out: a.out + u.out }),
      {
        prompt: 0,
        cached: 0,
        out: 0,
      },
    );
    const input = sessions.reduce((a, s) => a + s.usage.inputTokens + s.usage.cacheReadTokens, 0);
    expect(input).toBe(sum.prompt);
    expect(sessions.reduce((a, s) => a + s.usage.cacheReadTokens, 0)).toBe(sum.cached);
    expect(sessions.reduce((a, s) => a + s.usage.outputTokens, 0)).toBe(sum.out);
  });

  it('Pi: one session per file, every line counted, calls, results and usage as the raw entries say', async () => {
    const dir = path.join(corpus, 'pi');
    const files = walk(dir);
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    expect(sessions.map((s) => s.agent)).toEqual(files.map(() => 'pi'));
    let lines = 0;
    let calls = 0;
    let results = 0;
    const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, requests: 0 };
    for (const file of files)
      for (const e of rawLines(file) as unknown as PiRaw[]) {
        lines += 1;
        const m = e.message;
        if (m?.role === 'assistant' && Array.isArray(m.content))
          calls += m.content.filter((b) => b.type === 'toolCall').length;
        if (m?.role === 'toolResult') results += 1;
        if (m?.role === 'assistant' && m.usage) {
          usage.input += m.usage.input;
          usage.output += m.usage.output;
          usage.cacheRead += m.usage.cacheRead;
          usage.cacheWrite += m.usage.cacheWrite;
          usage.requests += 1;
        }
      }
    expect(sessions.reduce((a, s) => a + s.counts.records, 0)).toBe(lines);
    expect(sessions.reduce((a, s) => a + s.toolCalls.length, 0)).toBe(calls);
    expect(sessions.reduce((a, s) => a + s.toolCalls.filter((t) => t.result).length, 0)).toBe(results);
    const total = (k: 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens') =>
      sessions.reduce((a, s) => a + s.usage[k], 0);
    expect([
      total('inputTokens'),
      total('outputTokens'),
      total('cacheReadTokens'),
      total('cacheWriteTokens'),
    ]).toEqual([usage.input, usage.output, usage.cacheRead, usage.cacheWrite]);
    expect(sessions.reduce((a, s) => a + s.usageEntries.length, 0)).toBe(usage.requests);
  });
});
