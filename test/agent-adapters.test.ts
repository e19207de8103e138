/** Every registered agent implements every role of the adapter contract (src/agents/README.md). */
import { describe, expect, it } from 'vitest';
import { agentRoots } from '../src/agents/agent-roots.js';
import { adapterFor, adapters } from '../src/agents/registry.js';
import { agentInfo, agents, isAgent } from '../src/schemas/common/agent.js';
import { isToolKind } from '../src/schemas/common/tool-kind.js';

describe('agent adapters', () => {
  it('are registered once each, under a known agent name', () => {
    const names = adapters.map((a) => a.agent);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(isAgent(name)).toBe(true);
    for (const name of agents) expect(agentInfo[name].name).not.toBe('');
  });

  it('discovery searches the roots of every adapter that has searches, in the registry order', () => {
    // agent-roots.ts lists them apart so that discovery loads no schema.
    const expected = adapters.map((a) => a.roots).filter((r) => r.searches !== undefined);
    expect(agentRoots.length).toBe(expected.length);
    for (const [i, roots] of agentRoots.entries()) expect(roots).toBe(expected[i]);
  });

  it.each(adapters.map((a) => [a.agent, a] as const))('%s fills every role', (agent, adapter) => {
    expect(adapterFor(agent)).toBe(adapter);
    // roots.ts: documented variables; other agents than the built-in two search their own roots.
    expect(adapter.roots.variables.length).toBeGreaterThan(0);
    for (const v of adapter.roots.variables) expect(v.meaning.length).toBeGreaterThan(10);
    if (adapter.build.kind === 'file') expect(typeof adapter.roots.searches).toBe('function');
    // decode: record types and the drift subject.
    expect(typeof adapter.decode.recordType).toBe('function');
    expect(adapter.decode.subject('x')).toMatch(/x$/);
    // tools: a registry whose entries resolve by name; kinds, where set, are canonical.
    const names = Object.keys(adapter.tools.tools);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(adapter.tools.lookup(name).kind).toBe('builtin');
      const kind = adapter.tools.tools[name]?.kind;
      if (kind !== undefined) expect(isToolKind(kind)).toBe(true);
    }
    // Every tool has its canonical kind, so that `tools --by kind` compares agents.
    for (const name of names) expect(adapter.tools.tools[name]?.kind, name).toBeDefined();
    if (adapter.build.kind === 'file') {
      expect(typeof adapter.build.buildSession).toBe('function');
      // The docs chapter is generated from the record schemas.
      expect(Object.keys(adapter.decode.schemas ?? {}).length).toBeGreaterThan(0);
    }
    // usage.ts: a note and a normaliser that ignores what is not usage.
    expect(adapter.usage.note.length).toBeGreaterThan(20);
    expect(adapter.usage.normalise(undefined)).toBeUndefined();
  });
});
