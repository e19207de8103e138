/**
 * Default discovery of Qwen Code and Pi logs in a fresh HOME laid out as each agent lays it out
 * (Qwen Code: packages/core/src/config/storage.ts; Pi: packages/coding-agent/docs/session.md), and the
 * built CLI reading them there.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverAgents } from '../src/agents/discover-agents.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './helpers/temp-dir.js';

const corpus = path.resolve('test/data/corpus-more');
const qwenGenuine = path.join(
  corpus,
  'qwen-code/Piebald-AI__splitrail/src/analyzers/tests/source_data/qwen_code.jsonl',
);
const qwenTools = path.join(
  corpus,
  'qwen-code/specstoryai__getspecstory/specstory-cli/pkg/providers/qwencode/testdata/session-tools.jsonl',
);
const piLarge = path.join(
  corpus,
  'pi/badlogic__pi-mono/packages/coding-agent/test/fixtures/large-session.jsonl',
);
const piReal = path.join(
  corpus,
  'pi/specstoryai__getspecstory/specstory-cli/pkg/providers/piagent/testdata/real_world.jsonl',
);

function place(source: string, target: string): string {
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
  return target;
}

let home: string;
const placed: Record<string, string> = {};

beforeAll(() => {
  home = tempDir('qwen-pi-home');
  const qwen = path.join(home, '.qwen');
  placed.qwen = place(
    qwenGenuine,
    path.join(qwen, 'projects', '-tmp-qwentest', 'chats', '69f0814a-8bfc-4c8e-93d3-05757f17b96f.jsonl'),
  );
  placed.qwenOld = place(
    qwenTools,
    path.join(qwen, 'tmp', '0f3e9c2a', 'chats', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee.jsonl'),
  );
  // What lives beside the chats and is no session: a runtime sidecar, memory, settings.
  writeFileSync(
    path.join(
      qwen,
      'projects',
      '-tmp-qwentest',
      'chats',
      '69f0814a-8bfc-4c8e-93d3-05757f17b96f.runtime.json',
    ),
    '{}',
  );
  writeFileSync(path.join(qwen, 'settings.json'), '{}');
  const sessions = path.join(home, '.pi', 'agent', 'sessions');
  placed.pi = place(
    piLarge,
    path.join(
      sessions,
      '--Users-badlogic-workspaces-pi-mono--',
      '2025-11-20T23-33-50-805Z_d703a1a9-1b7b-4fb1-b512-c9738b1fe617.jsonl',
    ),
  );
  writeFileSync(path.join(home, '.pi', 'agent', 'settings.json'), '{}');
  placed.piMoved = place(
    piReal,
    path.join(
      home,
      'pi-elsewhere',
      'sessions',
      '--test-proj--',
      '2026-07-09T21-27-45-067Z_real-world-uuid.jsonl',
    ),
  );
});

/** An environment with no agent variables but the ones given. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...extra };
}

describe('default discovery of Qwen Code and Pi', () => {
  it('finds the chats of both Qwen Code layouts and the Pi session, and nothing else', async () => {
    const found = await discoverAgents({ env: env(), home });
    const byAgent = (agent: string) =>
      found.files
        .filter((f) => f.agent === agent)
        .map((f) => f.path)
        .sort();
    expect(byAgent('qwen-code')).toEqual([placed.qwen, placed.qwenOld].sort());
    expect(byAgent('pi')).toEqual([placed.pi]);
    expect(found.files.every((f) => f.role === 'session')).toBe(true);
    expect(found.searched).toEqual(
      expect.arrayContaining([
        { agent: 'qwen-code', path: path.join(home, '.qwen'), exists: true },
        { agent: 'pi', path: path.join(home, '.pi', 'agent'), exists: true },
      ]),
    );
  });

  it('follows PI_CODING_AGENT_DIR and QWEN_RUNTIME_DIR', async () => {
    const found = await discoverAgents({
      env: env({
        PI_CODING_AGENT_DIR: path.join(home, 'pi-elsewhere'),
        QWEN_RUNTIME_DIR: path.join(home, 'nowhere'),
      }),
      home,
    });
    expect(found.files.filter((f) => f.agent === 'pi').map((f) => f.path)).toEqual([placed.piMoved]);
    // ~/.qwen is still searched after the runtime folder.
    expect(found.files.filter((f) => f.agent === 'qwen-code')).toHaveLength(2);
    expect(found.searched).toEqual(
      expect.arrayContaining([{ agent: 'qwen-code', path: path.join(home, 'nowhere'), exists: false }]),
    );
  });
});

describe('the built CLI on that HOME', () => {
  const run = (args: string[]) =>
    runBuiltCli(args, home, {
      HOME: home,
      CLAUDE_CONFIG_DIR: undefined,
      CODEX_HOME: undefined,
      QWEN_RUNTIME_DIR: undefined,
      PI_CODING_AGENT_DIR: undefined,
      AGENTLOG_CACHE_DIR: path.join(home, 'cache'),
    });

  it('lists, reports and validates the Qwen Code chats', async () => {
    const ls = await run(['ls', '--agent', 'qwen-code']);
    expect(ls.code, ls.err).toBe(0);
    expect(ls.out).toContain('69f0814a');
    expect(ls.out).toContain('aaaaaaaa');
    const tools = await run(['tools', '--agent', 'qwen-code', '--json']);
    expect(tools.code, tools.err).toBe(0);
    expect(tools.out).toContain('list_directory');
    expect(tools.out).toContain('run_shell_command');
    const usage = await run(['usage', '--agent', 'qwen-code', '--json']);
    expect(usage.code, usage.err).toBe(0);
    // usageMetadata of the genuine file: 1,100 prompt tokens of which 50 cached, 25 candidates.
    expect(usage.out).toMatch(/"inputTokens":\s*1050/);
    expect(usage.out).toMatch(/"cacheReadTokens":\s*50/);
    // validate reads every agent's default folders: the two chats and the Pi session.
    const lines = [placed.qwen, placed.qwenOld, placed.pi]
      .map(
        (f) =>
          readFileSync(f as string, 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== '').length,
      )
      .reduce((a, b) => a + b, 0);
    const validate = await run(['validate']);
    expect(validate.code, validate.err).toBe(0);
    expect(validate.out).toContain('3 files (1 pi, 2 qwen-code)');
    expect(validate.out).toContain(
      `${lines.toLocaleString('en-US')} lines = ${lines.toLocaleString('en-US')} records + 0 line errors + 0 blank`,
    );
  }, 60_000);

  it('lists and shows the Pi session', async () => {
    const ls = await run(['ls', '--agent', 'pi']);
    expect(ls.code, ls.err).toBe(0);
    expect(ls.out).toContain('d703a1a9');
    const show = await run(['show', 'd703a1a9']);
    expect(show.code, show.err).toBe(0);
    expect(show.out).toContain('pi-mono');
  }, 60_000);
});
