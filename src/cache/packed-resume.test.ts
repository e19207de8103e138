import { describe, expect, it } from 'vitest';
import { corpusDir, corpusMoreDir } from '../../test/corpus.js';
import { storedResumeOf } from '../lifecycle/append-session.js';
import { loadSessions } from '../lifecycle/load-sessions.js';
import { allSessions } from '../model/all-sessions.js';
import { discoverPaths } from '../sources/index.js';
import { packResume, unpackResume } from './packed-resume.js';

describe('packed resume states', () => {
  it('give back every corpus state as it was, key order included', async () => {
    const roots = await loadSessions((await discoverPaths([corpusDir, corpusMoreDir])).files);
    let states = 0;
    for (const session of allSessions(roots)) {
      const resume = storedResumeOf(session);
      if (resume === undefined) continue;
      states += 1;
      const back = unpackResume(packResume(resume));
      expect(JSON.stringify(back)).toBe(JSON.stringify(resume));
    }
    // Counted from the sessions: the Claude Code and Codex files of the corpus keep one.
    expect(states).toBeGreaterThan(40);
  });

  it('reads no state from damaged bytes or another version (the file is then built)', () => {
    expect(unpackResume(Buffer.from([0, 255, 1]))).toBeUndefined();
    expect(unpackResume(null)).toBeUndefined();
    const other = { ...(JSON.parse('{"v":2,"kind":"session"}') as object) } as Parameters<
      typeof packResume
    >[0];
    expect(unpackResume(packResume(other))).toBeUndefined();
  });
});
