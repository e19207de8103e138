import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../model/tool-call.js';
import { clip, summarizeToolInput } from './summarize-tool-input.js';

const call = (name: string, canonicalName: string, input: unknown): ToolCall => ({
  id: 'x',
  name,
  canonicalName,
  kind: 'builtin',
  input,
  status: 'ok',
  sessionId: 's',
  location: { file: 'f', line: 1 },
});

describe('summarizeToolInput', () => {
  it('says what each kind of call was asked to do', () => {
    expect(summarizeToolInput(call('Bash', 'Bash', { command: 'npm test', description: 'run tests' }))).toBe(
      'npm test',
    );
    expect(summarizeToolInput(call('Read', 'Read', { file_path: '/a/b.ts', offset: 10, limit: 5 }))).toBe(
      '/a/b.ts (10+5)',
    );
    expect(summarizeToolInput(call('Grep', 'Grep', { pattern: 'TODO', path: 'src' }))).toBe('TODO in src');
    expect(
      summarizeToolInput(call('Task', 'Agent', { subagent_type: 'Explore', description: 'map the code' })),
    ).toBe('Explore: map the code');
    expect(summarizeToolInput(call('BashOutput', 'TaskOutput', { bash_id: '3c9e1f' }))).toBe('3c9e1f');
    expect(summarizeToolInput(call('KillShell', 'TaskStop', { shell_id: '3c9e1f' }))).toBe('3c9e1f');
    expect(summarizeToolInput(call('shell', 'shell', { command: ['bash', '-lc', 'ls -la'] }))).toBe('ls -la');
    expect(
      summarizeToolInput(
        call('shell', 'shell', {
          command: ['apply_patch', '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch'],
        }),
      ),
    ).toBe('apply_patch src/a.ts');
    expect(summarizeToolInput(call('mcp__gh__pr', 'mcp__gh__pr', { title: 'x' }))).toBe('{"title":"x"}');
  });

  it('cuts long summaries with an ellipsis', () => {
    expect(summarizeToolInput(call('Bash', 'Bash', { command: 'x'.repeat(200) }), 20)).toBe(
      `${'x'.repeat(19)}…`,
    );
  });
});

describe('clip', () => {
  // The whole text flattened and cut, as clip did before it flattened only a head.
  const whole = (text: string, max: number) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
  };
  it('gives what flattening the whole text gives', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pieces = [
      'a',
      'word',
      ' ',
      '   ',
      '\n',
      '\t\r\n ',
      '\v\f',
      '\u00a0',
      '\u2028',
      '\u3000\ufeff',
      '\u200b',
      '\u0085',
      'é',
      '😀',
      '\ud83d',
    ];
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(random() ** 3 * 6000);
      let text = '';
      while (text.length < length) text += pieces[Math.floor(random() * pieces.length)];
      // Long runs of spaces where a head ends, and texts that are only spaces.
      if (n % 7 === 0) text = `${' '.repeat(Math.floor(random() * 2000))}${text}`;
      if (n % 11 === 0) text = `${text.slice(0, 100)}${' '.repeat(5000)}${text.slice(100)}`;
      for (const max of [0, 1, 20, 200, 300]) expect(clip(text, max)).toBe(whole(text, max));
    }
  });
  it('takes for white space every code unit \\s matches, and no other', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(clip(text, 10)).toBe(whole(text, 10));
    }
  });
});
