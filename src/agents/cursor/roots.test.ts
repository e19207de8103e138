import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cursorRoots, cursorTranscriptPlace } from './roots.js';

const home = path.resolve('/home/someone');

describe('cursorRoots', () => {
  it('defaults to ~/.cursor, and searches CURSOR_CONFIG_DIR first when set', () => {
    expect(cursorRoots({}, home)).toEqual([path.join(home, '.cursor')]);
    expect(cursorRoots({ CURSOR_CONFIG_DIR: '/x/c' }, home)).toEqual([
      path.resolve('/x/c'),
      path.join(home, '.cursor'),
    ]);
  });
  it('takes the flat, nested and subagent layouts of agent-transcripts/ only, .jsonl or .txt', () => {
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a.jsonl')).toBe('flat');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a/a.jsonl')).toBe('nested');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a/subagents/b.jsonl')).toBe('subagent');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/subagents/b.jsonl')).toBe('subagent');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a/b.jsonl')).toBeUndefined();
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a.txt')).toBe('flat');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a/a.txt')).toBe('nested');
    expect(cursorTranscriptPlace('Users-me-p/agent-transcripts/a.json')).toBeUndefined();
    expect(cursorTranscriptPlace('Users-me-p/mcps/a.jsonl')).toBeUndefined();
  });
});
