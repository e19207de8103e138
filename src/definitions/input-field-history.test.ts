import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { defineTool } from '../schemas/common/define-tool.js';
import { inputFieldHistory } from './input-field-history.js';

const summary = (spec: Parameters<typeof inputFieldHistory>[0]) =>
  inputFieldHistory(spec).map((change) => `${change.at.text} ${change.change} ${change.field}`);

describe('inputFieldHistory', () => {
  it('reads additions, removals and required changes of the Task/Agent input', () => {
    expect(summary(claudeCodeTools.Task)).toEqual([
      '1.0.60 added subagent_type',
      '1.0.60 required subagent_type',
      '2.0.30 added model',
      '2.0.30 added resume',
      '2.0.77 added run_in_background',
      '2.1.30 added max_turns',
      '2.1.30 added name',
      '2.1.30 added team_name',
      '2.1.30 added mode',
      '2.1.63 added isolation',
      '2.1.77 removed resume',
      '2.1.100 optional subagent_type',
      '2.1.100 removed max_turns',
      '2.1.300 added effort',
    ]);
  });

  it('reads ranges, approximate versions, "≤" notes and wildcard names; ignores other phrasings', () => {
    expect(summary(claudeCodeTools.Bash)).toEqual([
      '1.0.70 added sandbox',
      '1.0.70 added shellExecutable',
      '[1.0.71..2.1.330] removed sandbox',
      '[1.0.71..2.1.330] removed shellExecutable',
      '[1.0.71..1.0.128] added run_in_background',
      '[2.0.15..2.0.30] added dangerouslyDisableSandbox',
    ]);
    expect(summary(claudeCodeTools.Monitor)).toEqual(['≈2.1.300 removed persistent']);
    expect(summary(claudeCodeTools.ExitPlanMode)).toEqual([
      '≤2.0.50 required plan',
      '>2.0.50 optional plan',
      '2.1.30 added allowedPrompts',
      '2.1.30 added pushToRemote',
      '2.1.30 added remoteSession*',
      '[2.0.51..2.0.77] removed plan',
      '[2.1.31..2.1.330] removed pushToRemote',
      '[2.1.31..2.1.330] removed remoteSession*',
    ]);
    expect(summary(claudeCodeTools.AskUserQuestion)).toEqual([
      '2.1.30 added metadata',
      '2.1.100 added annotations',
    ]);
    expect(summary(claudeCodeTools.Write)).toEqual([]);
    const notes = defineTool({
      name: 'N',
      description: 'n',
      input: z.looseObject({}),
      result: z.unknown(),
      history: [
        '1.0.30: input a, b.',
        '2.0.0: result + c.',
        'Sometime: input + d.',
        '2.1.0: input mode + "x", + e.',
      ],
    });
    expect(summary(notes)).toEqual(['2.1.0 added e']);
  });
});
