/**
 * The index and Cursor transcripts: a JSONL transcript that grows (read from where the index stopped) and a
 * text transcript that grows (read again whole, like a document) give the reports of a run without the index.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from './helpers/run-built-cli.js';

const fixture = path.resolve(
  import.meta.dirname,
  'data/corpus-more/cursor/jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/cursor/large.jsonl',
);
const home = mkdtempSync(path.join(tmpdir(), 'agentlog-cursor-index-'));
const cache = path.join(home, 'cache');
afterAll(() => rmSync(home, { recursive: true, force: true }));
const transcripts = path.join(home, '.cursor', 'projects', 'Users-me-app', 'agent-transcripts');
const jsonl = path.join(transcripts, 'aaaaaaaa-0000-4000-8000-000000000001.jsonl');
const text = path.join(transcripts, 'aaaaaaaa-0000-4000-8000-000000000002.txt');

async function reports(): Promise<{ cached: string[]; fresh: string[] }> {
  const env = {
    HOME: home,
    CLAUDE_CONFIG_DIR: undefined,
    CODEX_HOME: undefined,
    CURSOR_CONFIG_DIR: undefined,
  };
  const cached: string[] = [];
  const fresh: string[] = [];
  for (const command of [
    ['report', '--json'],
    ['validate', '--json'],
    ['ls', '--json'],
  ]) {
    const a = await runBuiltCli(command, home, { ...env, AGENTLOG_CACHE_DIR: cache });
    const b = await runBuiltCli([...command, '--no-cache'], home, env);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    cached.push(a.out);
    fresh.push(b.out);
  }
  return { cached, fresh };
}

describe('Cursor transcripts in the index', () => {
  it('grown transcripts give the reports of a fresh read', async () => {
    mkdirSync(transcripts, { recursive: true });
    copyFileSync(fixture, jsonl);
    writeFileSync(text, 'user:\n<user_query>\nhi\n</user_query>\n\nassistant:\nHello.\n');
    const before = await reports();
    expect(before.cached).toEqual(before.fresh);

    appendFileSync(
      jsonl,
      `${JSON.stringify({ role: 'assistant', message: { content: [{ type: 'tool_use', name: 'Shell', input: { command: 'pwd' } }] } })}\n`,
    );
    appendFileSync(
      text,
      'user:\n<user_query>\nrun it\n</user_query>\nassistant:\n[Tool call] Shell\n  command: pwd\n',
    );
    const after = await reports();
    expect(after.cached).toEqual(after.fresh);
    expect(after.fresh[2]).not.toEqual(before.fresh[2]);
    // The appended calls are counted: one more in each file than before (plain count of the fixture's tool_use).
    const uses = (readFileSync(fixture, 'utf8').match(/"type":"tool_use"/g) ?? []).length;
    const calls = (out: string | undefined) =>
      (JSON.parse(out ?? '[]') as { toolCalls: number }[]).reduce((a, s) => a + s.toolCalls, 0);
    expect(calls(before.cached[2])).toBe(uses);
    expect(calls(after.cached[2])).toBe(uses + 2);
  }, 120_000);
});
