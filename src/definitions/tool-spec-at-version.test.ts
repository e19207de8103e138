import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { parseVersion } from './agent-version.js';
import { toJsonSchema } from './to-json-schema.js';
import { toolSpecAtVersion } from './tool-spec-at-version.js';

function atVersion(name: keyof typeof claudeCodeTools, version: string) {
  const parsed = parseVersion(version);
  if (parsed === undefined) throw new Error(version);
  return toolSpecAtVersion(claudeCodeTools[name], parsed);
}

describe('toolSpecAtVersion', () => {
  it('drops fields added later: Task in 1.0.30 has description and prompt only', () => {
    const task = atVersion('Task', '1.0.30');
    expect(task.presence).toBe('yes');
    expect(Object.keys(toJsonSchema(task.spec).properties ?? {})).toEqual(['description', 'prompt']);
    expect(task.omitted).toContain('subagent_type');
    expect(task.spec.description).toBe(claudeCodeTools.Task.description);
    // Still a loose object: extra keys pass, as in logs.
    expect(task.spec.input.safeParse({ description: 'd', prompt: 'p', subagent_type: 'x' }).success).toBe(
      true,
    );
  });

  it('makes fields required where the history says so, and optional again later', () => {
    const task = atVersion('Task', '1.0.60');
    expect(task.required).toEqual(['subagent_type']);
    expect(task.spec.input.safeParse({ description: 'd', prompt: 'p' }).success).toBe(false);
    expect(toJsonSchema(task.spec)).toMatchObject({
      required: ['description', 'prompt', 'subagent_type'],
      properties: { subagent_type: { type: 'string', description: expect.stringContaining('Agent type') } },
    });
    const agent = atVersion('Agent', '2.1.100');
    expect(agent.required).toEqual([]);
    expect(agent.omitted.sort()).toEqual(['effort', 'max_turns', 'resume']);
    expect(agent.spec.input.safeParse({ description: 'd', prompt: 'p' }).success).toBe(true);
  });

  it('keeps a field whose addition falls in a bisected range around the version', () => {
    // _simulatedSedEdit is internal (written by the harness, never offered): in no version's schema.
    expect(atVersion('Bash', '1.0.70').omitted).toEqual([
      'run_in_background',
      'dangerouslyDisableSandbox',
      '_simulatedSedEdit',
    ]);
    expect(atVersion('Bash', '1.0.100').omitted).toEqual(['dangerouslyDisableSandbox', '_simulatedSedEdit']);
    expect(atVersion('Bash', '2.0.20').omitted).toEqual(['_simulatedSedEdit']);
  });

  it('returns the registry spec itself when nothing changes', () => {
    const write = atVersion('Write', '1.0.30');
    expect(write.spec).toBe(claudeCodeTools.Write);
    expect(atVersion('Agent', '2.1.0').presence).toBe('no');
  });

  it('leaves legacy input shapes out of every version: AskUserQuestion offers only its questions form', () => {
    const all = toJsonSchema(claudeCodeTools.AskUserQuestion);
    expect(all.anyOf).toHaveLength(2);
    expect((all.anyOf as { [k: string]: unknown }[])[1]).toMatchObject({ 'x-agentlog-legacy': true });
    for (const version of ['2.0.30', '2.1.330']) {
      const ask = toJsonSchema(atVersion('AskUserQuestion', version).spec);
      expect(ask.anyOf).toBeUndefined();
      expect(ask.required).toEqual(['questions']);
    }
    expect(Object.keys(toJsonSchema(atVersion('AskUserQuestion', '2.0.30').spec).properties ?? {})).toEqual([
      'questions',
      'answers',
    ]);
  });

  it('keeps a legacy field only in the versions its history places it in: Grep include up to 1.0.4x', () => {
    const fields = (version: string) =>
      Object.keys(toJsonSchema(atVersion('Grep', version).spec).properties ?? {});
    expect(fields('1.0.30')).toEqual(['pattern', 'path', 'include']);
    expect(fields('2.1.330')).not.toContain('include');
    expect(fields('2.1.330')).toContain('glob');
    // The all-versions schema keeps it, marked legacy, to validate old logs.
    expect(toJsonSchema(claudeCodeTools.Grep).properties?.include).toMatchObject({
      'x-agentlog-legacy': true,
    });
  });

  it('narrows enum values to the version: Agent mode "delegate" until 2.1.62, "bubble" from 2.1.200', () => {
    const modes = (version: string) =>
      (toJsonSchema(atVersion('Agent', version).spec).properties?.mode as { enum?: string[] } | undefined)
        ?.enum;
    expect(modes('2.1.63')).not.toContain('delegate');
    expect(atVersion('Task', '2.1.30').omitted).not.toContain('mode');
    expect(
      (toJsonSchema(atVersion('Task', '2.1.30').spec).properties?.mode as { enum?: string[] } | undefined)
        ?.enum,
    ).toEqual(['acceptEdits', 'bypassPermissions', 'default', 'delegate', 'dontAsk', 'plan']);
    expect(modes('2.1.200')).toContain('bubble');
    expect(modes('2.1.330')).toEqual([
      'acceptEdits',
      'bypassPermissions',
      'default',
      'dontAsk',
      'plan',
      'auto',
    ]);
  });
});
