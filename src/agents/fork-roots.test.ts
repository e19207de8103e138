// Forks that write the Claude Code or Codex format in their own folders are found by default discovery in a
// fresh HOME laid out as each lays its files out (FORMATS.md section 8), as the agent whose format they write.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../test/corpus.js';
import { loadSessions } from '../lifecycle/load-sessions.js';
import { discoverAgents } from './discover-agents.js';
import { claudeCodeForkRoots } from './fork-roots.js';

const claudeFile = corpusPath(
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f.jsonl',
);
const codexFile = corpusPath(
  'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T19-00-00-019b7f95-0000-7000-0000-000000000001.jsonl',
);
const session = path.basename(claudeFile);

let home: string;
const placed: Record<string, string> = {};
beforeAll(() => {
  home = mkdtempSync(path.join(tmpdir(), 'agentlog-forks-'));
  const put = (name: string, from: string, relative: string) => {
    const to = path.join(home, relative);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    placed[name] = to;
  };
  put('codebuddy', claudeFile, `.codebuddy/projects/-work-app/${session}`);
  put('openclaude', claudeFile, `.openclaude/projects/-work-app/${session}`);
  put('cherry', claudeFile, `.config/CherryStudio/Data/Agents/.claude/projects/-work-app/${session}`);
  put('cherryLegacy', claudeFile, `.config/CherryStudio/.claude/projects/-work-app/${session}`);
  put('openinterpreter', codexFile, `.openinterpreter/sessions/2026/01/02/${path.basename(codexFile)}`);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('fork roots', () => {
  it('are searched by default and their files found as Claude Code or Codex sessions', async () => {
    const found = await discoverAgents({ env: {}, home });
    const byPath = new Map(found.files.map((f) => [f.path, f]));
    for (const name of ['codebuddy', 'openclaude', 'cherry', 'cherryLegacy'])
      expect(byPath.get(placed[name] as string)?.agent, name).toBe('claude-code');
    expect(byPath.get(placed.openinterpreter as string)?.agent).toBe('codex');
    expect(found.searched).toEqual(
      expect.arrayContaining([
        { agent: 'claude-code', path: path.join(home, '.codebuddy'), exists: true },
        { agent: 'codex', path: path.join(home, '.openinterpreter'), exists: true },
      ]),
    );
    // Each copy reads as the file it is: its first record's session id.
    const sessions = await loadSessions(found.files);
    const first = JSON.parse(readFileSync(claudeFile, 'utf8').split('\n')[0] ?? '{}') as {
      sessionId?: string;
    };
    const claude = sessions.filter((s) => s.agent === 'claude-code' && !s.isSubagent);
    expect(claude).toHaveLength(4);
    expect(first.sessionId).toEqual(expect.any(String));
    for (const s of claude) expect(s.id).toBe(first.sessionId);
    expect(sessions.filter((s) => s.agent === 'codex')).toHaveLength(1);
  });

  it("follow the platform's app data folder for Cherry Studio", () => {
    expect(claudeCodeForkRoots({}, '/h', 'darwin')).toContain(
      '/h/Library/Application Support/CherryStudio/Data/Agents/.claude',
    );
    expect(claudeCodeForkRoots({ XDG_CONFIG_HOME: '/x' }, '/h', 'linux')).toContain(
      '/x/CherryStudio/Data/Agents/.claude',
    );
    expect(
      claudeCodeForkRoots({ APPDATA: '/h/AppData/Roaming' }, '/h', 'win32').map((p) =>
        p.replaceAll('\\', '/'),
      ),
    ).toContain('/h/AppData/Roaming/CherryStudio/Data/Agents/.claude');
  });
});
