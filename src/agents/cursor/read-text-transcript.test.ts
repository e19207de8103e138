import { describe, expect, it } from 'vitest';
import { readCursorText } from './read-text-transcript.js';

/**
 * A handwritten text transcript in the format kenn-io/agentsview (internal/parser/cursor.go) reads and
 * FORMATS.md section 6 describes (no genuine .txt sample was found).
 */
const sample = [
  'user:',
  '<user_query>',
  'list the files and show package.json',
  '</user_query>',
  '',
  'assistant:',
  '[Thinking] I should list the folder first.',
  '  Then read the manifest.',
  'Listing the files.',
  '[Tool call] Shell',
  '  command: ls -la',
  '  description: List files',
  '',
  '[Tool result] Shell',
  '  total 8',
  '  -rw-r--r-- package.json',
  '',
  '[Tool call] Read',
  '  path: package.json',
  '[Tool result] Read',
  '  {"name": "x"}',
  'The package is called x.',
  '',
  'user:',
  '<user_query>',
  'thanks',
  '</user_query>',
].join('\n');

/** A plain scan of the text: headers, call and result markers, lines. */
function scan(text: string) {
  const lines = text.split('\n');
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  return {
    lines: lines.length,
    users: count(/^user:$/),
    assistants: count(/^assistant:$/),
    calls: count(/^\s*\[Tool call\] /),
    results: count(/^\s*\[Tool result\] /),
  };
}

describe('readCursorText', () => {
  const read = readCursorText(sample);
  const raw = scan(sample);
  const blocks = read.records.flatMap((r) => {
    const content = (r.value.message as { content: { type: string; name?: string }[] }).content;
    return content.map((b) => ({ role: r.value.role, ...b }));
  });

  it('accounts for every line: record spans are contiguous and cover the file', () => {
    expect(read.errors).toEqual([]);
    let next = 1;
    for (const record of read.records) {
      expect(record.line).toBe(next);
      next = record.end + 1;
    }
    expect(next - 1).toBe(raw.lines);
  });

  it('makes a call per [Tool call], a result per [Tool result], prompts per user: block', () => {
    expect(blocks.filter((b) => b.type === 'tool_use')).toHaveLength(raw.calls);
    expect(blocks.filter((b) => b.type === 'tool_result')).toHaveLength(raw.results);
    const prompts = read.records.filter((r) =>
      (r.value.message as { content: { type: string }[] }).content.every((b) => b.type === 'text'),
    );
    expect(prompts.filter((r) => r.value.role === 'user')).toHaveLength(raw.users);
    expect(blocks.filter((b) => b.type === 'tool_result').every((b) => b.role === 'user')).toBe(true);
    const calls = blocks.filter((b) => b.type === 'tool_use') as unknown as {
      name: string;
      input: unknown;
    }[];
    expect(calls).toEqual([
      {
        role: 'assistant',
        type: 'tool_use',
        name: 'Shell',
        input: { command: 'ls -la', description: 'List files' },
      },
      { role: 'assistant', type: 'tool_use', name: 'Read', input: { path: 'package.json' } },
    ]);
    expect(blocks.find((b) => b.type === 'thinking')).toMatchObject({
      thinking: 'I should list the folder first.\nThen read the manifest.',
    });
    expect(
      blocks.filter((b) => b.type === 'text').map((b) => (b as unknown as { text: string }).text),
    ).toEqual([
      '<user_query>\nlist the files and show package.json\n</user_query>',
      'Listing the files.',
      'The package is called x.',
      '<user_query>\nthanks\n</user_query>',
    ]);
  });

  it('locates text before the first block header as an error, and reads key=value and JSON arguments', () => {
    const odd = readCursorText(
      'stray\n\nassistant:\n[Tool call] Grep\n  pattern=foo\n  path=src\n[Tool call] X\n  {"a": 1}\n',
    );
    expect(odd.errors).toEqual([expect.objectContaining({ line: 1, end: 2 })]);
    const inputs = odd.records.flatMap((r) =>
      (r.value.message as { content: { input?: unknown }[] }).content.map((b) => b.input),
    );
    expect(inputs).toEqual([{ pattern: 'foo', path: 'src' }, { a: 1 }]);
    expect(readCursorText('no headers here').errors).toHaveLength(1);
  });
});
