import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../schemas/claude-code/tools/registry.js';
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
    expect(atVersion('Bash', '1.0.70').omitted).toEqual(['run_in_background', 'dangerouslyDisableSandbox']);
    expect(atVersion('Bash', '1.0.100').omitted).toEqual(['dangerouslyDisableSandbox']);
    expect(atVersion('Bash', '2.0.20').omitted).toEqual([]);
  });

  it('returns the registry spec itself when nothing changes, and says why a union input is not narrowed', () => {
    const write = atVersion('Write', '1.0.30');
    expect(write.spec).toBe(claudeCodeTools.Write);
    const ask = atVersion('AskUserQuestion', '2.0.30');
    expect(ask.spec).toBe(claudeCodeTools.AskUserQuestion);
    expect(ask.note).toMatch(/not a single object/);
    expect(atVersion('Agent', '2.1.0').presence).toBe('no');
  });
});
