/**
 * The Cursor agent transcripts of test/data/corpus-more through the whole library path (discoverPaths ->
 * loadSessions: agent sniffing, buildSafely) against a plain JSON walk written from the format (FORMATS.md
 * section 6): every line a record, records per role, one call per `tool_use` block, results paired by order,
 * no usage at all. (The chat store `store.db` of that folder is a session too, left out here: it is no
 * transcript; test/cursor-chat-store.test.ts reads it.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { discoverPaths } from '../src/sources/index.js';

const dir = path.resolve(import.meta.dirname, 'data/corpus-more/cursor');

function walk(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

interface Block {
  type?: string;
  tool_use_id?: string;
}
interface Raw {
  role?: string;
  message?: { content?: Block[] };
}

/** Per file: lines, records per role, and the lines holding tool_use and tool_result blocks. */
function scan(file: string) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const roles: Record<string, number> = {};
  const useLines: number[] = [];
  const resultLines: number[] = [];
  let blank = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      blank += 1;
      return;
    }
    const r = JSON.parse(line) as Raw;
    const role = r.role ?? '(none)';
    roles[role] = (roles[role] ?? 0) + 1;
    for (const b of r.message?.content ?? []) {
      if (b.type === 'tool_use') useLines.push(i + 1);
      if (b.type === 'tool_result') resultLines.push(i + 1);
    }
  });
  return { lines: lines.length, blank, roles, useLines, resultLines };
}

describe('Cursor corpus files through loadSessions', () => {
  const files = walk(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();

  it('one cursor session per transcript, every line a record, counted by role', async () => {
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    const cursor = sessions.filter((s) => s.agent === 'cursor' && !s.files[0]?.endsWith('store.db'));
    expect(cursor.map((s) => s.files[0]).sort()).toEqual(files);
    for (const session of cursor) {
      const raw = scan(session.files[0] as string);
      expect(session.counts.lines).toBe(raw.lines);
      expect(session.counts.records + session.counts.errors + session.counts.blankLines).toBe(raw.lines);
      expect(session.counts.errors).toBe(0);
      const byRole = Object.fromEntries(
        Object.entries(session.counts.recordsByType).filter(([t]) => t === 'user' || t === 'assistant'),
      );
      expect(byRole).toEqual(
        Object.fromEntries(Object.entries(raw.roles).filter(([r]) => r === 'user' || r === 'assistant')),
      );
      // Records without a role (`{"type":"turn_ended"}`) are counted as unknown types, not lost.
      const roleless = raw.roles['(none)'] ?? 0;
      expect(Object.values(session.counts.unknownRecordTypes).reduce((a, b) => a + b, 0)).toBe(roleless);
    }
  });

  it('a call per tool_use, each result paired with the nearest tool_use before it, no usage', async () => {
    const sessions = (await loadSessions((await discoverPaths([dir])).files)).filter(
      (s) => s.agent === 'cursor' && !s.files[0]?.endsWith('store.db'),
    );
    let uses = 0;
    let results = 0;
    for (const session of sessions) {
      const raw = scan(session.files[0] as string);
      uses += raw.useLines.length;
      results += raw.resultLines.length;
      const calls = session.toolCalls.filter((c) => c.status !== 'orphan_result');
      expect(calls.map((c) => c.location.line)).toEqual(raw.useLines);
      // In these files each result follows a record with one call: the call it answers is the last
      // tool_use before it.
      for (const line of raw.resultLines) {
        const before = raw.useLines.filter((l) => l < line).pop();
        const paired = calls.find((c) => c.result?.location.line === line);
        expect(paired?.location.line, `${session.files[0]}:${line}`).toBe(before);
        expect(paired?.status).toBe('ok');
      }
      for (const call of calls.filter((c) => !c.result)) expect(call.status).toBe('missing');
      expect(session.usageEntries).toEqual([]);
      expect(session.models).toEqual([]);
      expect(session.startTime).toBe(statSync(session.files[0] as string).mtime.toISOString());
    }
    expect(results).toBeGreaterThan(0);
    expect(sessions.reduce((a, s) => a + s.toolCalls.length, 0)).toBe(uses);
    expect(sessions.reduce((a, s) => a + s.toolCalls.filter((c) => c.result).length, 0)).toBe(results);
  });

  it('a transcript in subagents/ is a subagent session linked to the transcript beside the folder', async () => {
    const sessions = (await loadSessions((await discoverPaths([dir])).files)).filter(
      (s) => s.agent === 'cursor',
    );
    const subagents = sessions.filter((s) => s.isSubagent);
    const inSubagentFolders = files.filter((f) => path.basename(path.dirname(f)) === 'subagents');
    expect(inSubagentFolders.length).toBeGreaterThan(0);
    expect(subagents.map((s) => s.files[0])).toEqual(inSubagentFolders);
    for (const child of subagents) {
      const folder = path.dirname(path.dirname(child.files[0] as string));
      const beside = readdirSync(folder).filter((n) => n.endsWith('.jsonl'));
      expect(beside).toHaveLength(1);
      expect(child.parentSessionId).toBe(beside[0]?.replace(/\.jsonl$/, ''));
      expect(child.agentId).toBe(child.id);
      // The parent lists it, and its one subagent call (kind from the registry) names it.
      const parent = sessions.find((s) => s.id === child.parentSessionId && !s.isSubagent);
      expect(parent?.meta.subagentTranscripts).toEqual([child.id]);
      const delegating = parent?.toolCalls.filter((c) => c.name === 'Agent' || c.name === 'Subagent') ?? [];
      if (delegating.length === 1) expect(delegating[0]?.subagentId).toBe(child.id);
    }
  });
});
