import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../sources/create-limiter.js';
import { DirLookup } from '../../sources/dir-lookup.js';
import { classifyCopilotFile, pruneSessionState } from './classify-copilot-file.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'copilot-home-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '{}\n');
  return { path: full, size: 3, mtimeMs: 0 };
}

const lookup = new DirLookup(new Map(), createLimiter(2));
const classify = (relative: string) => classifyCopilotFile(file(relative), root, lookup);

describe('classifyCopilotFile', () => {
  it('takes session-state/<id>/events.jsonl with the folder name as session id', async () => {
    const result = await classify('session-state/abc/events.jsonl');
    expect('ref' in result && result.ref).toMatchObject({
      agent: 'copilot-cli',
      role: 'session',
      sessionId: 'abc',
    });
  });

  it('takes a bare session-state/<id>.jsonl unless the folder form of the same session exists', async () => {
    const bare = await classify('session-state/solo.jsonl');
    expect('ref' in bare && bare.ref.sessionId).toBe('solo');
    await classify('session-state/both/events.jsonl');
    const copy = await classify('session-state/both.jsonl');
    expect('skipped' in copy && copy.skipped.reason).toMatch(
      /Older copy of the session in both\/events\.jsonl/,
    );
  });

  it('takes history-session-state/<id>.json and skips other files', async () => {
    const legacy = await classify('history-session-state/old.json');
    expect('ref' in legacy && legacy.ref.sessionId).toBe('old');
    const other = await classify('session-state/abc/research/data.jsonl');
    expect('skipped' in other).toBe(true);
    expect(pruneSessionState('files')).toBe(true);
    expect(pruneSessionState('checkpoints')).toBe(true);
    expect(pruneSessionState('abc')).toBe(false);
  });
});
