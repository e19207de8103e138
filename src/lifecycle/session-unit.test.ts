import { describe, expect, it } from 'vitest';
import type { SessionFileRef } from '../sources/index.js';
import { groupUnits, type UnitKeyFacts } from './session-unit.js';

const ref = (path: string, extra: Partial<SessionFileRef> = {}): SessionFileRef => ({
  path,
  agent: 'claude-code',
  role: 'session',
  size: 1,
  mtimeMs: 1,
  ...extra,
});

function groups(entries: { ref: SessionFileRef; facts: UnitKeyFacts }[]): string[][] {
  return groupUnits(entries).map((u) => u.members.map((m) => m.ref.path));
}

describe('groupUnits', () => {
  it('puts a Claude Code session with the subagent files of its folder and session id', () => {
    const entries = [
      { ref: ref('/p/a.jsonl', { projectDir: '/p' }), facts: { agent: 'claude-code', sessionKey: 'a' } },
      // Layout since 2.0.28: discovery knows the owner from the folder.
      {
        ref: ref('/p/a/subagents/agent-1.jsonl', {
          projectDir: '/p',
          role: 'subagent',
          parentSessionId: 'a',
        }),
        facts: { agent: 'claude-code', sessionKey: 'a' },
      },
      // Flat layout: the owner is the first sessionId of the file's records.
      {
        ref: ref('/p/agent-2.jsonl', { projectDir: '/p', role: 'subagent' }),
        facts: { agent: 'claude-code', sessionKey: 'a' },
      },
      // Same session id in another project folder: another unit.
      {
        ref: ref('/q/agent-3.jsonl', { projectDir: '/q', role: 'subagent' }),
        facts: { agent: 'claude-code', sessionKey: 'a' },
      },
    ] satisfies { ref: SessionFileRef; facts: UnitKeyFacts }[];
    expect(groups(entries)).toEqual([
      ['/p/a.jsonl', '/p/a/subagents/agent-1.jsonl', '/p/agent-2.jsonl'],
      ['/q/agent-3.jsonl'],
    ]);
  });

  it('joins Codex threads linked by parent ids into one family, whatever order the files come in', () => {
    const codex = (path: string, sessionKey: string, parentKey?: string) => ({
      ref: ref(path, { agent: 'codex' }),
      facts: { agent: 'codex' as const, sessionKey, ...(parentKey ? { parentKey } : {}) },
    });
    expect(
      groups([
        codex('/c/grandchild.jsonl', 'g', 'c'),
        codex('/c/other.jsonl', 'o'),
        codex('/c/root.jsonl', 'r'),
        codex('/c/child.jsonl', 'c', 'r'),
      ]),
    ).toEqual([['/c/grandchild.jsonl', '/c/root.jsonl', '/c/child.jsonl'], ['/c/other.jsonl']]);
  });
});
