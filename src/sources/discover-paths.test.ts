import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleUrl, openToUnprivileged, runUnprivileged } from '../../test/helpers/run-unprivileged.js';
import { discoverPaths } from './discover-paths.js';
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

const U1 = 'aaaaaaaa-1111-4111-8111-111111111111';
const U2 = 'bbbbbbbb-2222-4222-8222-222222222222';
const U3 = 'cccccccc-3333-4333-8333-333333333333';
const U4 = 'dddddddd-4444-4444-8444-444444444444';
const T1 = '019a0000-0000-7000-8000-000000000001';
const T2 = '019a0000-0000-7000-8000-000000000002';
const line = '{"type":"user"}\n';

let tmp = '';
let tree = '';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'agentlog-paths-'));
  tree = path.join(tmp, 'tree');
  await makeTree(tree, {
    'short.jsonl': line,
    [`${U1}.jsonl`]: line,
    'agent-f1.jsonl': line,
    'agent-f1.meta.json': '{}',
    [`${U2}.jsonl`]: line,
    [`${U2}/subagents/agent-n1.jsonl`]: line,
    [`${U2}/subagents/agent-n1.meta.json`]: '{"toolUseId":"toolu_1"}',
    [`${U2}/subagents/side.jsonl`]: line,
    [`${U3}.jsonl`]: line,
    [`${U3}/tool-results/toolu_9.json`]: '{}',
    [`${U3}/tool-results/toolu_8.jsonl`]: line,
    [`${U3}.jsonl.orphaned-2`]: line,
    'readme.txt': 'not a transcript',
    'misc/incremental-subagents/turn-1.jsonl': line,
    [`codex/rollout-2026-01-02T18-39-45-${T1}.jsonl`]: line,
    [`dot-codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-${T2}.jsonl`]: line,
    [`dot-codex/archived_sessions/rollout-2026-01-02T18-39-45-${T2}.jsonl`]: line,
    'dot-codex/history.jsonl': line,
    'dot-codex/session_index.jsonl': line,
    [`dot-claude/projects/-p/${U4}.jsonl`]: line,
    'dot-claude/projects/-p/named.jsonl': line,
    'dot-claude/history.jsonl': line,
    'plain/history.jsonl': line,
  });
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const at = (...parts: string[]) => path.join(tree, ...parts);
const refs = (files: SessionFileRef[]) => new Map(files.map((f) => [path.relative(tree, f.path), f]));
const rel = (p: string) => path.join(...p.split('/'));

describe('discoverPaths on a folder', () => {
  it('classifies every file by its path shape', async () => {
    const found = await discoverPaths([tree]);
    expect(found.errors).toEqual([]);
    expect(found.warnings).toEqual([]);
    expect(found.searched).toEqual([{ agent: 'unknown', path: tree, exists: true }]);
    const files = refs(found.files);
    expect([...files.keys()]).toEqual(
      [
        `${U1}.jsonl`,
        'agent-f1.jsonl',
        `${U2}.jsonl`,
        `${U2}/subagents/agent-n1.jsonl`,
        `${U2}/subagents/side.jsonl`,
        `${U3}.jsonl`,
        `codex/rollout-2026-01-02T18-39-45-${T1}.jsonl`,
        `dot-claude/projects/-p/${U4}.jsonl`,
        'dot-claude/projects/-p/named.jsonl',
        `dot-codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-${T2}.jsonl`,
        'misc/incremental-subagents/turn-1.jsonl',
        'plain/history.jsonl',
        'short.jsonl',
      ].map(rel),
    );
    expect(files.get('short.jsonl')).toEqual({
      path: at('short.jsonl'),
      agent: 'unknown',
      role: 'session',
      projectDir: tree,
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    expect(files.get(`${U1}.jsonl`)).toEqual({
      path: at(`${U1}.jsonl`),
      agent: 'unknown',
      role: 'session',
      sessionId: U1,
      projectDir: tree,
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    expect(files.get('agent-f1.jsonl')).toEqual({
      path: at('agent-f1.jsonl'),
      agent: 'claude-code',
      role: 'subagent',
      agentId: 'f1',
      projectDir: tree,
      metaPath: at('agent-f1.meta.json'),
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    expect(files.get(`${U2}.jsonl`)).toMatchObject({ agent: 'claude-code', sessionId: U2, projectDir: tree });
    expect(files.get(rel(`${U2}/subagents/agent-n1.jsonl`))).toEqual({
      path: at(U2, 'subagents', 'agent-n1.jsonl'),
      agent: 'claude-code',
      role: 'subagent',
      agentId: 'n1',
      parentSessionId: U2,
      projectDir: tree,
      metaPath: at(U2, 'subagents', 'agent-n1.meta.json'),
      size: line.length,
      mtimeMs: expect.any(Number),
      identity: expect.stringMatching(/^\d+:[\d.]+$/),
    });
    const side = files.get(rel(`${U2}/subagents/side.jsonl`));
    expect(side).toMatchObject({ role: 'subagent', parentSessionId: U2 });
    expect(side).not.toHaveProperty('agentId');
    expect(files.get(`${U3}.jsonl`)).toMatchObject({
      agent: 'claude-code',
      role: 'session',
      sessionId: U3,
      toolResultsDir: at(U3, 'tool-results'),
    });
    expect(files.get(rel(`codex/rollout-2026-01-02T18-39-45-${T1}.jsonl`))).toMatchObject({
      agent: 'codex',
      role: 'session',
      sessionId: T1,
    });
    expect(files.get(rel(`dot-claude/projects/-p/${U4}.jsonl`))).toMatchObject({
      agent: 'claude-code',
      sessionId: U4,
      projectDir: at('dot-claude', 'projects', '-p'),
    });
    expect(files.get(rel('dot-claude/projects/-p/named.jsonl'))).toMatchObject({ agent: 'unknown' });
    expect(files.get(rel('misc/incremental-subagents/turn-1.jsonl'))).toMatchObject({
      role: 'session',
      projectDir: at('misc', 'incremental-subagents'),
    });
    expect(files.get(rel('plain/history.jsonl'))).toMatchObject({ role: 'session', agent: 'unknown' });
  });

  it('skips orphaned copies, spilled tool output, archived duplicates and side files of agent home folders', async () => {
    const found = await discoverPaths([tree]);
    expect(found.skipped.map((s) => [path.relative(tree, s.path), s.reason])).toEqual([
      [`${U3}.jsonl.orphaned-2`, "Orphaned transcript copy ('.jsonl.orphaned-N'), not a live session"],
      [
        rel(`${U3}/tool-results/toolu_8.jsonl`),
        "Spilled tool output of a Claude Code session ('<sessionId>/tool-results/'), not a transcript",
      ],
      [
        rel('dot-claude/history.jsonl'),
        'Prompt history of a Claude Code or Codex home folder, not a transcript',
      ],
      [
        rel(`dot-codex/archived_sessions/rollout-2026-01-02T18-39-45-${T2}.jsonl`),
        `Archived copy of Codex thread '${T2}'; the active file '${at('dot-codex', 'sessions', '2026', '01', '02', `rollout-2026-01-02T18-39-45-${T2}.jsonl`)}' is used instead`,
      ],
      [
        rel('dot-codex/history.jsonl'),
        'Prompt history of a Claude Code or Codex home folder, not a transcript',
      ],
      [rel('dot-codex/session_index.jsonl'), 'Session name index of a Codex home folder, not a transcript'],
    ]);
  });

  it('marks a Codex file archived when no active copy exists', async () => {
    const found = await discoverPaths([at('dot-codex', 'archived_sessions')]);
    expect(found.files).toEqual([
      {
        path: at('dot-codex', 'archived_sessions', `rollout-2026-01-02T18-39-45-${T2}.jsonl`),
        agent: 'codex',
        role: 'session',
        sessionId: T2,
        archived: true,
        size: line.length,
        mtimeMs: expect.any(Number),
        identity: expect.stringMatching(/^\d+:[\d.]+$/),
      },
    ]);
  });

  it('gives the same answer every time', async () => {
    const first = await discoverPaths([tree]);
    const second = await discoverPaths([tree], { concurrency: 1 });
    expect(second).toEqual(first);
  });
});

describe('discoverPaths on files and bad paths', () => {
  it('takes named files whatever their name, but still skips orphaned copies', async () => {
    const found = await discoverPaths([
      at(U2, 'subagents', 'agent-n1.jsonl'),
      at('readme.txt'),
      at(`${U3}.jsonl.orphaned-2`),
    ]);
    expect(found.files.map((f) => [path.relative(tree, f.path), f.role, f.agent])).toEqual([
      [rel(`${U2}/subagents/agent-n1.jsonl`), 'subagent', 'claude-code'],
      ['readme.txt', 'session', 'unknown'],
    ]);
    expect(found.files[0]?.metaPath).toBe(at(U2, 'subagents', 'agent-n1.meta.json'));
    expect(found.skipped.map((s) => s.path)).toEqual([at(`${U3}.jsonl.orphaned-2`)]);
  });

  it('returns a typed error for a missing path and searches the others', async () => {
    const missing = path.join(tmp, 'does', 'not', 'exist');
    const found = await discoverPaths([missing, at('short.jsonl'), '']);
    expect(found.errors).toEqual([
      { ok: false, path: missing, message: `Path '${missing}' does not exist` },
      { ok: false, path: '', message: 'Path is empty' },
    ]);
    expect(found.searched).toEqual([
      { agent: 'unknown', path: missing, exists: false },
      { agent: 'unknown', path: at('short.jsonl'), exists: true },
    ]);
    expect(found.files.map((f) => f.path)).toEqual([at('short.jsonl')]);
  });

  it('resolves relative paths and lists overlapping inputs once', async () => {
    const relative = path.relative(process.cwd(), at('codex'));
    const found = await discoverPaths([
      relative,
      at('codex'),
      at('codex', `rollout-2026-01-02T18-39-45-${T1}.jsonl`),
    ]);
    expect(found.files.map((f) => f.path)).toEqual([at('codex', `rollout-2026-01-02T18-39-45-${T1}.jsonl`)]);
  });
});

describe('discoverPaths and symbolic links', () => {
  it('does not follow a link loop and warns once', async () => {
    const root = path.join(tmp, 'loop');
    await makeTree(root, { 'a/one.jsonl': line });
    await symlink('..', path.join(root, 'a', 'back'));
    const found = await discoverPaths([root]);
    expect(found.files.map((f) => f.path)).toEqual([path.join(root, 'a', 'one.jsonl')]);
    expect(found.warnings).toEqual([
      {
        path: path.join(root, 'a', 'back'),
        message: `Symbolic link loop: '${path.join(root, 'a', 'back')}' leads back to '${root}', which contains it; not followed`,
      },
    ]);
  });

  it('reports a file reached through two links once, under its smallest path', async () => {
    const root = path.join(tmp, 'links');
    await makeTree(root, { 'real/x.jsonl': line });
    await symlink(path.join(root, 'real'), path.join(root, 'alias'));
    await symlink(path.join(root, 'real', 'x.jsonl'), path.join(root, 'real', 'y.jsonl'));
    const found = await discoverPaths([root]);
    expect(found.files.map((f) => f.path)).toEqual([path.join(root, 'alias', 'x.jsonl')]);
  });

  it('warns about a broken link and goes on', async () => {
    const root = path.join(tmp, 'broken');
    await makeTree(root, { 'ok.jsonl': line });
    await symlink(path.join(root, 'gone.jsonl'), path.join(root, 'dangling.jsonl'));
    const found = await discoverPaths([root]);
    expect(found.files.map((f) => f.path)).toEqual([path.join(root, 'ok.jsonl')]);
    expect(found.warnings).toEqual([
      {
        path: path.join(root, 'dangling.jsonl'),
        message: `Broken symbolic link '${path.join(root, 'dangling.jsonl')}': its target does not exist; skipped`,
      },
    ]);
  });
});

describe('discoverPaths and permissions', () => {
  it('warns about an unreadable folder and walks the rest', async () => {
    const root = path.join(tmp, 'perm');
    await makeTree(root, { 'ok.jsonl': line, 'locked/hidden.jsonl': line });
    const locked = path.join(root, 'locked');
    await chmod(locked, 0o000);
    openToUnprivileged(tmp);
    try {
      // As root a chmod 000 folder is readable: discovery runs as an unprivileged user.
      const found = runUnprivileged<{ files: string[]; warnings: unknown[] }>(`
        const { discoverPaths } = await import(${moduleUrl(path.join(import.meta.dirname, 'discover-paths.ts'))});
        const found = await discoverPaths([${JSON.stringify(root)}]);
        process.stdout.write(JSON.stringify({ files: found.files.map((f) => f.path), warnings: found.warnings }));`);
      expect(found.files).toEqual([path.join(root, 'ok.jsonl')]);
      expect(found.warnings).toEqual([
        { path: locked, message: `Cannot read folder '${locked}': permission denied (EACCES)` },
      ]);
    } finally {
      await chmod(locked, 0o755);
    }
  });
});
