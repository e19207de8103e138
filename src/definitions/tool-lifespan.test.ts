import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { defineTool } from '../schemas/common/define-tool.js';
import { parseVersion } from './agent-version.js';
import { formatLifespan, toolLifespan, toolPresenceAt } from './tool-lifespan.js';

function at(name: keyof typeof claudeCodeTools, version: string) {
  const parsed = parseVersion(version);
  if (parsed === undefined) throw new Error(version);
  return toolPresenceAt(claudeCodeTools[name], parsed);
}

describe('tool lifespans', () => {
  it('uses firstVersion and lastVersion exactly', () => {
    expect([
      at('Agent', '2.1.62'),
      at('Agent', '2.1.63'),
      at('Task', '2.1.62'),
      at('Task', '2.1.63'),
    ]).toEqual(['no', 'yes', 'yes', 'no']);
    expect(formatLifespan(claudeCodeTools.Agent)).toBe('2.1.63+');
    expect(formatLifespan(claudeCodeTools.Task)).toBe('≤2.1.62');
  });

  it('reads bounds from the history notes, with "unknown" inside bisected ranges', () => {
    // "Introduced between 2.1.31 and 2.1.41." / lastVersion 2.1.177 / "Removed in 2.1.178."
    expect(['2.1.31', '2.1.35', '2.1.41', '2.1.177', '2.1.178'].map((v) => at('TeamCreate', v))).toEqual([
      'no',
      'unknown',
      'yes',
      'yes',
      'no',
    ]);
    // "1.0.123–2.0.x; superseded by Skill".
    expect(['1.0.122', '1.0.123', '2.0.30', '2.1.0'].map((v) => at('SlashCommand', v))).toEqual([
      'no',
      'yes',
      'unknown',
      'no',
    ]);
    // "removed by 1.0.70", "absent from 1.0.128", "≤1.0.5x: named exit_plan_mode", "≈2.1.9x addition".
    expect([at('NotebookRead', '1.0.69'), at('NotebookRead', '1.0.70')]).toEqual(['yes', 'no']);
    expect([at('LS', '1.0.89'), at('LS', '1.0.128')]).toEqual(['yes', 'no']);
    expect([
      at('exit_plan_mode', '1.0.30'),
      at('exit_plan_mode', '1.0.55'),
      at('exit_plan_mode', '1.0.70'),
    ]).toEqual(['yes', 'unknown', 'no']);
    expect([
      at('SendUserMessage', '2.1.89'),
      at('SendUserMessage', '2.1.95'),
      at('SendUserMessage', '2.1.100'),
    ]).toEqual(['no', 'unknown', 'yes']);
    expect(toolLifespan(claudeCodeTools.TaskOutput)).toMatchObject({
      first: { text: '2.0.64' },
      goneBy: { text: '2.1.300' },
      evidence: ['By 2.1.300: dropped from the SDK tool types and the built-in tool names.'],
    });
    expect(formatLifespan(claudeCodeTools.EnterPlanMode)).toBe('(2.0.50..2.0.77]+');
    expect(formatLifespan(claudeCodeTools.KillBash)).toBe('≈1.0.6x–1.0.1xx');
    expect(formatLifespan(claudeCodeTools.Read)).toBe('all known');
  });

  it('calls the end of a removed tool with no known end unknown', () => {
    const gone = defineTool({
      name: 'Gone',
      description: 'd',
      input: z.looseObject({}),
      result: z.unknown(),
      status: 'removed',
    });
    expect(toolPresenceAt(gone, [1, 0, 0])).toBe('unknown');
    expect(formatLifespan(gone)).toBe('…–(removed)');
  });
});
