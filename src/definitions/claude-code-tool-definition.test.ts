import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { getClaudeCodeToolDefinition, isClaudeCodeTool } from './claude-code-tool-definition.js';
import { closestNames } from './closest-names.js';

describe('getClaudeCodeToolDefinition', () => {
  it('finds tools by name or alias, with their Anthropic definition', () => {
    const read = getClaudeCodeToolDefinition('Read');
    expect(read).toMatchObject({ ok: true, presence: 'yes', definition: { name: 'Read' } });
    expect(getClaudeCodeToolDefinition('BashOutputTool')).toMatchObject({
      ok: true,
      spec: claudeCodeTools.TaskOutput,
    });
    expect(isClaudeCodeTool('Read')).toBe(true);
    expect(isClaudeCodeTool('MultipleChoiceQuestionInput')).toBe(true);
    expect(isClaudeCodeTool('mcp__github__create_issue')).toBe(false);
  });

  it('narrows to a version, and refuses versions the tool did not exist in', () => {
    const task = getClaudeCodeToolDefinition('Task', { version: '1.0.30' });
    expect(task.ok && Object.keys(task.definition.input_schema.properties ?? {})).toEqual([
      'description',
      'prompt',
    ]);
    expect(getClaudeCodeToolDefinition('Agent', { version: '1.0.30' })).toEqual({
      ok: false,
      error: 'Tool "Agent" does not exist in Claude Code 1.0.30 (known in 2.1.63+).',
      suggestions: [],
    });
    expect(getClaudeCodeToolDefinition('Read', { version: 'one' })).toMatchObject({
      ok: false,
      error: 'Version "one" is not of the form "1.2.3".',
    });
    expect(getClaudeCodeToolDefinition('SlashCommand', { version: '2.0.30' })).toMatchObject({
      ok: true,
      presence: 'unknown',
    });
  });

  it('suggests the closest names for unknown tools', () => {
    expect(getClaudeCodeToolDefinition('bash')).toEqual({
      ok: false,
      error: 'Unknown Claude Code tool "bash". Did you mean "Bash", "BashOutput", "KillBash"?',
      suggestions: ['Bash', 'BashOutput', 'KillBash'],
    });
    expect(getClaudeCodeToolDefinition('zzzzzzzz')).toMatchObject({ ok: false, suggestions: [] });
  });
});

describe('closestNames', () => {
  it('ranks by case-insensitive edit distance, with containment as a near match', () => {
    expect(closestNames('Reed', ['Read', 'REPL', 'Write', 'Bash'])).toEqual(['Read', 'REPL']);
    expect(closestNames('TodoWirte', ['TodoWrite', 'TodoRead'])).toEqual(['TodoWrite']);
    expect(closestNames('Output', ['TaskOutput', 'BashOutput', 'Read'])).toEqual([
      'BashOutput',
      'TaskOutput',
    ]);
    expect(closestNames('x', ['Read'])).toEqual([]);
  });
});
