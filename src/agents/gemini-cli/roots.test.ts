import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverAgents } from '../discover-agents.js';
import { geminiRoots } from './roots.js';

const corpus = path.resolve(import.meta.dirname, '../../../test/data/corpus-more/gemini-cli');
const legacyDoc = path.join(
  corpus,
  'lanegrid__agtrace/crates/agtrace-providers/tests/samples/gemini_session.json',
);
const jsonl = path.join(
  corpus,
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl',
);
const logs = path.join(
  corpus,
  'codemie-ai__codemie-code/tests/integration/metrics/fixtures/gemini/logs.json',
);

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** A fresh home laid out as Gemini CLI lays it out: `.gemini/tmp/<project>/chats/`, `logs.json`, checkpoints. */
function geminiHome(base = '.gemini'): { home: string; tmp: string } {
  const home = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-home-'));
  homes.push(home);
  const hashed = path.join(
    home,
    base,
    'tmp',
    '9126eddec7f67e038794657b4d517dd9cb5226468f30b5ee7296c27d65e84fde',
  );
  const slug = path.join(home, base, 'tmp', 'my-project');
  mkdirSync(path.join(hashed, 'chats'), { recursive: true });
  mkdirSync(path.join(slug, 'chats', 'parent-session'), { recursive: true });
  mkdirSync(path.join(slug, 'checkpoints'), { recursive: true });
  copyFileSync(legacyDoc, path.join(hashed, 'chats', 'session-2025-12-09T19-51-f0a689a6.json'));
  copyFileSync(logs, path.join(hashed, 'logs.json'));
  copyFileSync(jsonl, path.join(slug, 'chats', 'session-2026-04-29T21-39-gemini_s.jsonl'));
  // A legacy session resumed into a JSONL copy beside it: the copy is read, the original skipped.
  copyFileSync(legacyDoc, path.join(slug, 'chats', 'session-2026-01-01T00-00-aaaaaaaa.json'));
  copyFileSync(jsonl, path.join(slug, 'chats', 'session-2026-01-01T00-00-aaaaaaaa.jsonl'));
  copyFileSync(jsonl, path.join(slug, 'chats', 'parent-session', 'child-session.jsonl'));
  writeFileSync(path.join(slug, 'checkpoints', 'checkpoint-x.json'), '{"history": []}\n');
  writeFileSync(path.join(slug, '.project_root'), '/work/my-project\n');
  return { home, tmp: path.join(home, base, 'tmp') };
}

describe('Gemini CLI roots', () => {
  it('is ~/.gemini, or GEMINI_CLI_HOME/.gemini', () => {
    expect(geminiRoots({}, '/home/u')).toEqual(['/home/u/.gemini']);
    expect(geminiRoots({ GEMINI_CLI_HOME: '/srv/gem' }, '/home/u')).toEqual(['/srv/gem/.gemini']);
    expect(geminiRoots({ GEMINI_CLI_HOME: '~/alt' }, '/home/u')).toEqual(['/home/u/alt/.gemini']);
    expect(geminiRoots({ GEMINI_CLI_HOME: '  ' }, '/home/u')).toEqual(['/home/u/.gemini']);
  });

  it('default discovery finds the sessions of a fresh home and says why it skips the rest', async () => {
    const { home, tmp } = geminiHome();
    const found = await discoverAgents({ env: {}, home });
    const gemini = found.files.filter((f) => f.agent === 'gemini-cli');
    expect(gemini.map((f) => path.relative(tmp, f.path))).toEqual([
      '9126eddec7f67e038794657b4d517dd9cb5226468f30b5ee7296c27d65e84fde/chats/session-2025-12-09T19-51-f0a689a6.json',
      'my-project/chats/parent-session/child-session.jsonl',
      'my-project/chats/session-2026-01-01T00-00-aaaaaaaa.jsonl',
      'my-project/chats/session-2026-04-29T21-39-gemini_s.jsonl',
    ]);
    expect(gemini.every((f) => f.role === 'session')).toBe(true);
    expect(gemini.find((f) => f.path.includes('parent-session'))?.parentSessionId).toBe('parent-session');
    expect(found.skipped.map((s) => [path.relative(tmp, s.path), s.reason])).toEqual([
      [
        '9126eddec7f67e038794657b4d517dd9cb5226468f30b5ee7296c27d65e84fde/logs.json',
        'Prompt log of a Gemini CLI project (user prompts only), not a transcript',
      ],
      [
        'my-project/chats/session-2026-01-01T00-00-aaaaaaaa.json',
        "Gemini CLI session resumed into 'session-2026-01-01T00-00-aaaaaaaa.jsonl' beside it, which is read instead",
      ],
    ]);
    expect(found.searched).toContainEqual({
      agent: 'gemini-cli',
      path: path.join(home, '.gemini'),
      exists: true,
    });
  });

  it('follows GEMINI_CLI_HOME and never reads the default home then', async () => {
    const { home } = geminiHome();
    const other = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-empty-'));
    homes.push(other);
    const moved = await discoverAgents({ env: { GEMINI_CLI_HOME: home }, home: other });
    expect(moved.files.filter((f) => f.agent === 'gemini-cli')).toHaveLength(4);
    const unset = await discoverAgents({ env: {}, home: other });
    expect(unset.files).toEqual([]);
    expect(unset.searched).toContainEqual({
      agent: 'gemini-cli',
      path: path.join(other, '.gemini'),
      exists: false,
    });
  });
});
