import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { streamSessions } from '../src/lifecycle/stream-sessions.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir } from './corpus.js';

const demoDir = path.resolve(import.meta.dirname, '../demo');

async function both(root: string): Promise<{ loaded: Session[]; streamed: Session[] }> {
  const refs = (await discoverPaths([root])).files;
  const loaded = await loadSessions(refs);
  const streamed: Session[] = [];
  let last = 0;
  for await (const session of streamSessions(refs, { onProgress: (done) => (last = done) }))
    streamed.push(session);
  expect(last).toBe(refs.length);
  return { loaded, streamed };
}

const byId = (sessions: Session[]) =>
  [...sessions].sort((a, b) => a.id.localeCompare(b.id) || a.files[0]!.localeCompare(b.files[0]!));

describe('streamSessions', () => {
  it('yields the sessions loadSessions builds from the demo logs, subagents and Codex threads included', async () => {
    const { loaded, streamed } = await both(demoDir);
    expect(streamed.length).toBeGreaterThan(3);
    expect(byId(streamed)).toEqual(byId(loaded));
  });

  it('yields the sessions loadSessions builds from the corpus, one unit at a time', async () => {
    const { loaded, streamed } = await both(corpusDir);
    expect(streamed.length).toBe(loaded.length);
    expect(byId(streamed)).toEqual(byId(loaded));
  });

  it('applies the filter to top-level sessions', async () => {
    const refs = (await discoverPaths([demoDir])).files;
    const codex: Session[] = [];
    for await (const s of streamSessions(refs, { filter: { agent: 'codex' } })) codex.push(s);
    expect(codex.length).toBeGreaterThan(0);
    expect(codex.every((s) => s.agent === 'codex')).toBe(true);
  });
});
