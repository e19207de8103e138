// The archive as a source under the agents' default folders: `report --archive` archives as it scans (into
// $XDG_DATA_HOME/agentlog/archive), and once the agents' folders are gone (Claude Code's clean-up), every
// command still shows the same sessions, subagent meta sidecars included; `--no-archive` leaves them out.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { corpusDir } from './corpus.js';
import { tempDir } from './index-helpers.js';

const root = tempDir('archive-sources');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const claude = path.join(root, 'claude');
const codex = path.join(root, 'codex');
const env = {
  HOME: path.join(root, 'home'),
  CLAUDE_CONFIG_DIR: claude,
  CODEX_HOME: codex,
  XDG_CACHE_HOME: path.join(root, 'cache'),
  XDG_DATA_HOME: path.join(root, 'data'),
  NO_COLOR: '1',
  TZ: 'UTC',
};
const sessionId = '0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f';
const agentId = 'a0ad4f44468bdf20d';
const fixtures = path.join(corpusDir, 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents');

async function run(args: string[]) {
  const io = memoryIo(env, root);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

function setUp(): void {
  const project = path.join(claude, 'projects', '-work-demo');
  mkdirSync(path.join(project, sessionId, 'subagents'), { recursive: true });
  cpSync(
    path.join(fixtures, 'claude/subagent', `${sessionId}.jsonl`),
    path.join(project, `${sessionId}.jsonl`),
  );
  cpSync(
    path.join(fixtures, 'claude/subagent', sessionId, 'subagents', `agent-${agentId}.jsonl`),
    path.join(project, sessionId, 'subagents', `agent-${agentId}.jsonl`),
  );
  writeFileSync(
    path.join(project, sessionId, 'subagents', `agent-${agentId}.meta.json`),
    JSON.stringify({ agentType: 'Archived-Explorer' }),
  );
  const day = path.join(codex, 'sessions', '2025', '11', '17');
  mkdirSync(day, { recursive: true });
  cpSync(
    path.join(
      corpusDir,
      'AcidicSoil__codex-session-view/.sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
    ),
    path.join(day, 'rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl'),
  );
  mkdirSync(env.HOME, { recursive: true });
}

describe('the archive as a source of the default folders', () => {
  it('report --archive archives as it scans; the sessions outlive their files', async () => {
    setUp();
    const first = await run(['report', '--archive', '--json']);
    expect(first.code, first.err).toBe(0);
    const archiveDir = path.join(env.XDG_DATA_HOME, 'agentlog', 'archive');
    expect(existsSync(path.join(archiveDir, 'archive.sqlite'))).toBe(true);
    const info = JSON.parse((await run(['archive', 'info', '--json'])).out) as {
      sessionFiles: number;
      sidecars: number;
    };
    expect(info).toMatchObject({ sessionFiles: 3, sidecars: 1 });
    const commands = [
      ['report', '--json'],
      ['ls'],
      ['show', sessionId, '--json'],
      ['usage', '--json', '--by', 'session'],
    ];
    const before = await Promise.all(commands.map(async (args) => (await run(args)).out));
    expect(before[2]).toContain('Archived-Explorer');

    // Claude Code's clean-up removes the transcripts; here the whole folders go.
    rmSync(path.join(claude, 'projects'), { recursive: true });
    rmSync(path.join(codex, 'sessions'), { recursive: true });
    const after = [];
    for (const args of commands) {
      const result = await run(args);
      expect(result.code, `${args.join(' ')}: ${result.err}`).toBe(0);
      after.push(result.out);
    }
    expect(after).toEqual(before);
    expect(first.out).toBe(before[0]);
    // Read again from the archive's bytes alone: the same.
    rmSync(env.XDG_CACHE_HOME, { recursive: true });
    expect((await run(['show', sessionId, '--json', '--no-archive'])).code).toBe(1);
    expect((await run(['show', sessionId, '--json'])).out).toBe(before[2]);
    expect((await run(['report', '--json', '--no-cache'])).out).toBe(before[0]);
    const without = await run(['report', '--no-archive']);
    expect(without.code).toBe(1);
    expect(without.err).toMatch(/No agent logs found/);

    // Restored where the agent expects it, the session reads from disk again, with the same result.
    const restored = await run(['archive', 'restore', sessionId]);
    expect(restored.code, restored.err).toBe(0);
    expect(
      existsSync(
        path.join(claude, 'projects', '-work-demo', sessionId, 'subagents', `agent-${agentId}.meta.json`),
      ),
    ).toBe(true);
    const fromDisk = await run(['show', sessionId, '--json']);
    expect(fromDisk.out).toBe(before[2]);
  }, 60_000);
});
