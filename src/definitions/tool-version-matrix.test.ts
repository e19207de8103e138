import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import { toolVersionMatrix } from './tool-version-matrix.js';

describe('toolVersionMatrix', () => {
  it('has one row per registry tool with its versions, and presence in the versions asked for', () => {
    const rows = toolVersionMatrix({ versions: ['1.0.30', '2.1.63', 'nonsense'] });
    expect(rows.map((row) => row.name)).toEqual(Object.keys(claudeCodeTools));
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Task')).toMatchObject({
      canonical: 'Agent',
      status: 'deprecated',
      versions: '≤2.1.62',
      last: '2.1.62',
      presence: { '1.0.30': 'yes', '2.1.63': 'no' },
    });
    expect(byName.get('Agent')?.presence).toEqual({ '1.0.30': 'no', '2.1.63': 'yes' });
    expect(byName.get('Task')?.inputChanges.slice(0, 2)).toEqual([
      { version: '1.0.60', added: ['subagent_type'], removed: [], required: ['subagent_type'], optional: [] },
      { version: '2.0.30', added: ['model', 'resume'], removed: [], required: [], optional: [] },
    ]);
    expect(byName.get('TeamCreate')).toMatchObject({
      first: '(2.1.31..2.1.41]',
      last: '2.1.177',
      goneBy: '2.1.178',
    });
  });

  it('takes another registry, and leaves presence out without versions', () => {
    const rows = toolVersionMatrix({ tools: codexTools });
    expect(rows).toHaveLength(Object.keys(codexTools).length);
    expect(rows[0]).not.toHaveProperty('presence');
    expect(rows.every((row) => row.versions === 'all known' || row.status === 'removed')).toBe(true);
  });
});
