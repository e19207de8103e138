import { describe, expect, it } from 'vitest';
import type { SessionFileRef } from '../sources/index.js';
import { linksChanged, refSignature } from './update-file.js';

const subagent: SessionFileRef = {
  path: '/p/s/subagents/agent-a1.jsonl',
  agent: 'claude-code',
  role: 'subagent',
  size: 10,
  mtimeMs: 1,
  agentId: 'a1',
  projectDir: '/p',
};

describe('linksChanged', () => {
  it('says a .meta.json that appeared, or another parent, changes what a build reads', () => {
    const before = refSignature(subagent);
    expect(
      linksChanged(before, refSignature({ ...subagent, metaPath: '/p/s/subagents/agent-a1.meta.json' })),
    ).toBe(true);
    expect(linksChanged(before, refSignature({ ...subagent, parentSessionId: 's2' }))).toBe(true);
    expect(linksChanged(before, refSignature({ ...subagent }))).toBe(false);
  });

  it('leaves out the agent, which discovery of a bare folder learns from its layout', () => {
    expect(linksChanged(refSignature({ ...subagent, agent: 'unknown' }), refSignature(subagent))).toBe(false);
  });

  it('takes a signature it cannot read as changed', () => {
    expect(linksChanged('not json', refSignature(subagent))).toBe(true);
  });
});
