import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverDefault } from './discover-default.js';
import type { SessionFileRef } from './discovery.js';

/** Creates files (and, for keys ending in '/', empty folders) under `root`. */
async function makeTree(root: string, spec: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(spec)) {
    const full = path.join(root, rel);
    if (rel.endsWith('/')) await mkdir(full, { recursive: true });
    else {
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, text);
    }
  }
}

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const S3 = '33333333-3333-4333-8333-333333333333';
const T1 = '019a0000-0000-7000-8000-000000000001';
const T2 = '019a0000-0000-7000-8000-000000000002';
const T3 = '019a0000-0000-7000-8000-000000000003';
const ROOT_ID = '019a0000-0000-7000-8000-0000000000ff';
const line = '{"type":"user"}\n';

let tmp = '';
let home = '';
const project = () => path.join(home, '.claude', 'projects', '-home-u-proj');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'agentlog-default-'));
  home = path.join(tmp, 'home');
  await makeTree(home, {
    // Claude Code, ~/.claude
    [`.claude/projects/-home-u-proj/${S1}.jsonl`]: line,
    [`.claude/projects/-home-u-proj/${S1}/tool-results/toolu_01.txt`]: 'big output',
    [`.claude/projects/-home-u-proj/${S1}/tool-results/toolu_02.jsonl`]: line,
    [`.claude/projects/-home-u-proj/${S1}/subagents/agent-a1.jsonl`]: line,
    [`.claude/projects/-home-u-proj/${S1}/subagents/agent-a1.meta.json`]: '{"agentType":"Explore"}',
    [`.claude/projects/-home-u-proj/${S1}/subagents/agent-a2.jsonl`]: line + line,
    [`.claude/projects/-home-u-proj/${S1}/odd/stray.jsonl`]: line,
    '.claude/projects/-home-u-proj/agent-f1.jsonl': line,
    [`.claude/projects/-home-u-proj/${S2}.jsonl`]: line,
    [`.claude/projects/-home-u-proj/${S2}.jsonl.orphaned-1`]: line,
    '.claude/projects/-home-u-proj/notes.jsonl': line,
    '.claude/projects/loose.jsonl': line,
    '.claude/history.jsonl': line,
    // Claude Code, ~/.config/claude
    [`.config/claude/projects/-other/${S3}.jsonl`]: line,
    // Codex
    [`.codex/sessions/2025/11/17/rollout-2025-11-17T15-30-28-${T1}.jsonl`]: line,
    [`.codex/sessions/2025/11/18/rollout-2025-11-18T09-00-00-${ROOT_ID}_${T2}.jsonl`]: line,
    '.codex/sessions/2025/11/18/notes.jsonl': line,
    [`.codex/archived_sessions/rollout-2025-11-17T15-30-28-${T1}.jsonl`]: line,
    [`.codex/archived_sessions/rollout-2025-11-10T08-00-00-${T3}.jsonl`]: line,
    '.codex/history.jsonl': line,
    '.codex/session_index.jsonl': line,
  });
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function byPath(files: SessionFileRef[]): Map<string, SessionFileRef> {
  return new Map(files.map((f) => [f.path, f]));
}

describe('discoverDefault with the default roots', () => {
  it('searches ~/.claude, ~/.config/claude and ~/.codex', async () => {
    const found = await discoverDefault({ env: {}, home });
    expect(found.searched).toEqual([
      { agent: 'claude-code', path: path.join(home, '.claude'), exists: true },
      { agent: 'claude-code', path: path.join(home, '.config', 'claude'), exists: true },
      { agent: 'codex', path: path.join(home, '.codex'), exists: true },
    ]);
    expect(found.warnings).toEqual([]);
  });

  it('classifies every Claude Code layout', async () => {
    const files = byPath((await discoverDefault({ env: {}, home })).files);
    const p = project();
    const s1 = path.join(p, S1);
    expect(files.get(path.join(p, `${S1}.jsonl`))).toEqual({
      path: path.join(p, `${S1}.jsonl`),
      agent: 'claude-code',
      role: 'session',
      sessionId: S1,
      projectDir: p,
      toolResultsDir: path.join(s1, 'tool-results'),
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    expect(files.get(path.join(s1, 'subagents', 'agent-a1.jsonl'))).toEqual({
      path: path.join(s1, 'subagents', 'agent-a1.jsonl'),
      agent: 'claude-code',
      role: 'subagent',
      agentId: 'a1',
      parentSessionId: S1,
      projectDir: p,
      metaPath: path.join(s1, 'subagents', 'agent-a1.meta.json'),
      toolResultsDir: path.join(s1, 'tool-results'),
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    const a2 = files.get(path.join(s1, 'subagents', 'agent-a2.jsonl'));
    expect(a2).toMatchObject({ role: 'subagent', agentId: 'a2', parentSessionId: S1, size: 2 * line.length });
    expect(a2).not.toHaveProperty('metaPath');
    expect(files.get(path.join(p, 'agent-f1.jsonl'))).toEqual({
      path: path.join(p, 'agent-f1.jsonl'),
      agent: 'claude-code',
      role: 'subagent',
      agentId: 'f1',
      projectDir: p,
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    const s2 = files.get(path.join(p, `${S2}.jsonl`));
    expect(s2).toMatchObject({ role: 'session', sessionId: S2 });
    expect(s2).not.toHaveProperty('toolResultsDir');
    const notes = files.get(path.join(p, 'notes.jsonl'));
    expect(notes).toMatchObject({ agent: 'claude-code', role: 'session', projectDir: p });
    expect(notes).not.toHaveProperty('sessionId');
    expect(
      files.get(path.join(home, '.config', 'claude', 'projects', '-other', `${S3}.jsonl`)),
    ).toMatchObject({
      agent: 'claude-code',
      role: 'session',
      sessionId: S3,
    });
  });

  it('never makes an agent file a session, nor reads spilled tool output or side files', async () => {
    const found = await discoverDefault({ env: {}, home });
    for (const file of found.files) {
      if (path.basename(file.path).startsWith('agent-')) expect(file.role).toBe('subagent');
      expect(file.path).not.toContain(`${path.sep}tool-results${path.sep}`);
      expect(file.path.endsWith('history.jsonl')).toBe(false);
      expect(file.path.endsWith('session_index.jsonl')).toBe(false);
    }
  });

  it('reports orphaned copies, stray files and archived duplicates as skipped', async () => {
    const found = await discoverDefault({ env: {}, home });
    const p = project();
    expect(found.skipped.map((s) => path.relative(home, s.path))).toEqual(
      [
        `.claude/projects/-home-u-proj/${S1}/odd/stray.jsonl`,
        `.claude/projects/-home-u-proj/${S2}.jsonl.orphaned-1`,
        '.claude/projects/loose.jsonl',
        `.codex/archived_sessions/rollout-2025-11-17T15-30-28-${T1}.jsonl`,
        '.codex/sessions/2025/11/18/notes.jsonl',
      ].map((rel) => path.join(...rel.split('/'))),
    );
    const orphan = found.skipped.find((s) => s.path === path.join(p, `${S2}.jsonl.orphaned-1`));
    expect(orphan?.reason).toMatch(/^Orphaned transcript copy/);
    const archived = found.skipped.find((s) => s.path.includes('archived_sessions'));
    expect(archived?.reason).toBe(
      `Archived copy of Codex thread '${T1}'; the active file '${path.join(home, '.codex', 'sessions', '2025', '11', '17', `rollout-2025-11-17T15-30-28-${T1}.jsonl`)}' is used instead`,
    );
  });

  it('finds Codex rollouts: dated folders, fork names, archived-only threads', async () => {
    const found = await discoverDefault({ env: {}, home });
    const codex = found.files.filter((f) => f.agent === 'codex');
    expect(
      codex.map((f) => [path.relative(path.join(home, '.codex'), f.path), f.sessionId, f.archived]),
    ).toEqual([
      [path.join('archived_sessions', `rollout-2025-11-10T08-00-00-${T3}.jsonl`), T3, true],
      [path.join('sessions', '2025', '11', '17', `rollout-2025-11-17T15-30-28-${T1}.jsonl`), T1, undefined],
      [
        path.join('sessions', '2025', '11', '18', `rollout-2025-11-18T09-00-00-${ROOT_ID}_${T2}.jsonl`),
        T2,
        undefined,
      ],
    ]);
    expect(codex.every((f) => f.role === 'session')).toBe(true);
  });

  it('lists exactly the transcripts, sorted by path', async () => {
    const { files } = await discoverDefault({ env: {}, home });
    expect(files.map((f) => path.relative(home, f.path))).toEqual(
      [
        `.claude/projects/-home-u-proj/${S1}.jsonl`,
        `.claude/projects/-home-u-proj/${S1}/subagents/agent-a1.jsonl`,
        `.claude/projects/-home-u-proj/${S1}/subagents/agent-a2.jsonl`,
        `.claude/projects/-home-u-proj/${S2}.jsonl`,
        '.claude/projects/-home-u-proj/agent-f1.jsonl',
        '.claude/projects/-home-u-proj/notes.jsonl',
        `.codex/archived_sessions/rollout-2025-11-10T08-00-00-${T3}.jsonl`,
        `.codex/sessions/2025/11/17/rollout-2025-11-17T15-30-28-${T1}.jsonl`,
        `.codex/sessions/2025/11/18/rollout-2025-11-18T09-00-00-${ROOT_ID}_${T2}.jsonl`,
        `.config/claude/projects/-other/${S3}.jsonl`,
      ].map((rel) => path.join(...rel.split('/'))),
    );
  });
});

describe('discoverDefault with configured roots', () => {
  it('uses each CLAUDE_CONFIG_DIR entry, marks missing ones, skips the defaults', async () => {
    const custom = path.join(tmp, 'custom');
    await makeTree(custom, { [`projects/-c/${S1}.jsonl`]: line });
    const missing = path.join(tmp, 'nope');
    const env = { CLAUDE_CONFIG_DIR: `${custom},${missing},${path.join(home, '.config', 'claude')}` };
    const found = await discoverDefault({ env, home });
    expect(found.searched.filter((s) => s.agent === 'claude-code')).toEqual([
      { agent: 'claude-code', path: custom, exists: true },
      { agent: 'claude-code', path: missing, exists: false },
      { agent: 'claude-code', path: path.join(home, '.config', 'claude'), exists: true },
    ]);
    const claude = found.files.filter((f) => f.agent === 'claude-code').map((f) => f.path);
    expect(claude).toEqual([
      path.join(custom, 'projects', '-c', `${S1}.jsonl`),
      path.join(home, '.config', 'claude', 'projects', '-other', `${S3}.jsonl`),
    ]);
  });

  it('uses CODEX_HOME and tolerates a home with nothing in it', async () => {
    const empty = path.join(tmp, 'empty-home');
    await mkdir(empty);
    const found = await discoverDefault({ env: { CODEX_HOME: path.join(home, '.codex') }, home: empty });
    expect(found.searched).toEqual([
      { agent: 'claude-code', path: path.join(empty, '.claude'), exists: false },
      { agent: 'claude-code', path: path.join(empty, '.config', 'claude'), exists: false },
      { agent: 'codex', path: path.join(home, '.codex'), exists: true },
    ]);
    expect(found.files.map((f) => f.agent)).toEqual(['codex', 'codex', 'codex']);
  });

  it('lists a file reached through two roots once', async () => {
    const link = path.join(tmp, 'claude-link');
    await symlink(path.join(home, '.config', 'claude'), link);
    const env = { CLAUDE_CONFIG_DIR: `${link},${path.join(home, '.config', 'claude')}`, CODEX_HOME: tmp };
    const found = await discoverDefault({ env, home });
    expect(found.files.map((f) => f.path)).toEqual([
      path.join(tmp, 'claude-link', 'projects', '-other', `${S3}.jsonl`),
    ]);
  });

  it('warns when a root is a file', async () => {
    const file = path.join(tmp, 'not-a-folder');
    await writeFile(file, 'x');
    const found = await discoverDefault({
      env: { CLAUDE_CONFIG_DIR: file, CODEX_HOME: path.join(tmp, 'none') },
      home,
    });
    expect(found.searched[0]).toEqual({ agent: 'claude-code', path: file, exists: true });
    expect(found.warnings).toEqual([{ path: file, message: `'${file}' is not a folder; not searched` }]);
    expect(found.files).toEqual([]);
  });
});
