import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../model/tool-call.js';
import { summarizeToolInput } from './summarize-tool-input.js';

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
