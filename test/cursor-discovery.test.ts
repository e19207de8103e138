/**
 * Default discovery of Cursor agent transcripts in a fresh HOME laid out as Cursor lays them out
 * (`~/.cursor/projects/<encoded workspace>/agent-transcripts/`, flat `<id>.jsonl` and nested
 * `<id>/<id>.jsonl`, subagents in `subagents/` beside the parent: kenn-io/agentsview cursor_provider.go,
 * FORMATS.md section 6), and the built CLI reading them there. Expectations come from a plain scan of the
 * placed files.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverAgents } from '../src/agents/discover-agents.js';
import { runBuiltCli } from './helpers/run-built-cli.js';
import { tempDir } from './helpers/temp-dir.js';

const fixtures = path.resolve('test/data/corpus-more/cursor/jazzyalex__agent-sessions');
const large = path.join(fixtures, 'Resources/Fixtures/stage0/agents/cursor/large.jsonl');
const parent = path.join(fixtures, 'Resources/Fixtures/stage0/agents/cursor/subagent/parent.jsonl');
const child = path.join(fixtures, 'Resources/Fixtures/stage0/agents/cursor/subagent/subagents/child.jsonl');
const shell = path.join(fixtures, 'AgentSessionsTests/Fixtures/Cursor/test-session.jsonl');

const flatId = '0a1b2c3d-0000-4000-8000-000000000001';
const nestedId = '0a1b2c3d-0000-4000-8000-000000000002';
const childId = '0a1b2c3d-0000-4000-8000-000000000003';
const movedId = '0a1b2c3d-0000-4000-8000-000000000004';
const textId = '0a1b2c3d-0000-4000-8000-000000000005';

/** A text transcript (handwritten from the format agentsview cursor.go reads; no genuine .txt was found). */
const textTranscript = [
  'user:',
  '<user_query>',
  'count the lines of README.md',
  '</user_query>',
  '',
  'assistant:',
  '[Thinking] A shell command will do.',
  '[Tool call] Shell',
  '  command: wc -l README.md',
  '[Tool result] Shell',
  '  42 README.md',
  'README.md has 42 lines.',
  '',
].join('\n');

/**
 * Records of a text transcript by the format's rule, from a plain scan: one per block header, plus one each
 * time an assistant block switches between its own content and a run of `[Tool result]` sections.
 */
function textRecords(text: string): number {
  let records = 0;
  let inAssistant = false;
  let inResults = false;
  for (const line of text.split('\n')) {
    if (line === 'user:' || line === 'assistant:') {
      records += 1;
      inAssistant = line === 'assistant:';
      inResults = false;
    } else if (inAssistant && /^\[Tool result\]/.test(line) !== inResults && /^\S/.test(line)) {
      records += 1;
      inResults = !inResults;
    }
  }
  return records;
}

function place(source: string, target: string): string {
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
  return target;
}

let home: string;
const placed: Record<string, string> = {};

beforeAll(() => {
  home = tempDir('cursor-home');
  const transcripts = path.join(home, '.cursor', 'projects', 'Users-me-work-app', 'agent-transcripts');
  placed.flat = place(large, path.join(transcripts, `${flatId}.jsonl`));
  // The .txt of the same stem: the .jsonl is preferred, the .txt is not collected.
  writeFileSync(
    path.join(transcripts, `${flatId}.txt`),
    'user:\n<user_query>\nWhat files are here?\n</user_query>\n',
  );
  placed.text = path.join(transcripts, `${textId}.txt`);
  writeFileSync(placed.text, textTranscript);
  placed.nested = place(parent, path.join(transcripts, nestedId, `${nestedId}.jsonl`));
  placed.child = place(child, path.join(transcripts, nestedId, 'subagents', `${childId}.jsonl`));
  // What lives beside the transcripts and is no transcript.
  mkdirSync(path.join(home, '.cursor', 'projects', 'Users-me-work-app', 'mcps'), { recursive: true });
  writeFileSync(path.join(home, '.cursor', 'projects', 'Users-me-work-app', 'mcps', 'tools.jsonl'), '{}\n');
  writeFileSync(path.join(home, '.cursor', 'cli-config.json'), '{}');
  placed.moved = place(
    shell,
    path.join(home, 'cursor-elsewhere', 'projects', 'tmp-x', 'agent-transcripts', `${movedId}.jsonl`),
  );
});

describe('default discovery of Cursor transcripts', () => {
  it('finds the flat, nested, subagent and text-only transcripts, and nothing else', async () => {
    const found = await discoverAgents({ env: {}, home });
    const cursor = found.files.filter((f) => f.agent === 'cursor');
    expect(cursor.map((f) => f.path).sort()).toEqual(
      [placed.flat, placed.nested, placed.child, placed.text].sort(),
    );
    expect(found.searched).toEqual(
      expect.arrayContaining([{ agent: 'cursor', path: path.join(home, '.cursor'), exists: true }]),
    );
  });

  it('follows CURSOR_CONFIG_DIR and still searches ~/.cursor', async () => {
    const found = await discoverAgents({
      env: { CURSOR_CONFIG_DIR: path.join(home, 'cursor-elsewhere') },
      home,
    });
    const cursor = found.files.filter((f) => f.agent === 'cursor').map((f) => f.path);
    expect(cursor.sort()).toEqual(
      [placed.flat, placed.nested, placed.child, placed.text, placed.moved].sort(),
    );
  });
});

/** A plain scan: non-blank lines, tool_use blocks by name. */
function scan(files: string[]) {
  let lines = 0;
  const uses: Record<string, number> = {};
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines += 1;
      const r = JSON.parse(line) as { message?: { content?: { type: string; name?: string }[] } };
      for (const b of r.message?.content ?? [])
        if (b.type === 'tool_use' && b.name) uses[b.name] = (uses[b.name] ?? 0) + 1;
    }
  return { lines, uses };
}

describe('the built CLI on that HOME', () => {
  const run = (args: string[]) =>
    runBuiltCli(args, home, {
      HOME: home,
      CLAUDE_CONFIG_DIR: undefined,
      CODEX_HOME: undefined,
      CURSOR_CONFIG_DIR: undefined,
      AGENTLOG_CACHE_DIR: path.join(home, 'cache'),
    });
  const files = () => [placed.flat, placed.nested, placed.child] as string[];

  it('lists the sessions, the subagent among them', async () => {
    const ls = await run(['ls', '--agent', 'cursor', '--json']);
    expect(ls.code, ls.err).toBe(0);
    const rows = JSON.parse(ls.out) as { id: string; agent: string }[];
    expect(rows.map((r) => r.id).sort()).toEqual([flatId, nestedId, childId, textId].sort());
    expect(rows.every((r) => r.agent === 'cursor')).toBe(true);
  }, 60_000);

  it('counts the tools as the files call them, by name and by kind', async () => {
    const { uses } = scan(files());
    const tools = await run(['tools', '--agent', 'cursor', '--json']);
    expect(tools.code, tools.err).toBe(0);
    for (const [name, count] of Object.entries(uses))
      expect(tools.out).toMatch(new RegExp(`"${name}"[^}]*"calls":\\s*${count}`));
    const byKind = await run(['tools', '--agent', 'cursor', '--by', 'kind']);
    expect(byKind.code, byKind.err).toBe(0);
    // Bash -> shell, Read -> read, Agent -> subagent.
    for (const kind of ['shell', 'read', 'subagent']) expect(byKind.out).toContain(kind);
  }, 60_000);

  it('says "no usage recorded" in usage, report and show, never $0', async () => {
    const usage = await run(['usage', '--agent', 'cursor']);
    expect(usage.code, usage.err).toBe(0);
    expect(usage.out).toContain('No usage recorded');
    expect(usage.out).not.toContain('$0');
    const report = await run(['report', '--agent', 'cursor']);
    expect(report.code, report.err).toBe(0);
    expect(report.out).toContain('No usage recorded');
    expect(report.out).not.toContain('$0');
    const show = await run(['show', flatId]);
    expect(show.code, show.err).toBe(0);
    expect(show.out).toContain('tokens: no usage recorded');
    expect(show.out).toContain('What files are here?');
  }, 60_000);

  it('validates every line of the transcripts', async () => {
    // A text transcript counts one "line" per record, as a whole JSON document does.
    const lines = scan(files()).lines + textRecords(textTranscript);
    const validate = await run(['validate']);
    expect(validate.code, validate.err).toBe(0);
    expect(validate.out).toContain('4 files (4 cursor)');
    expect(validate.out).toContain(`${lines} lines = ${lines} records + 0 line errors + 0 blank`);
  }, 60_000);

  it('shows the text transcript with its call and result paired', async () => {
    const show = await run(['show', textId]);
    expect(show.code, show.err).toBe(0);
    expect(show.out).toContain('count the lines of README.md');
    expect(show.out).toMatch(/Shell wc -l README\.md ok/);
    expect(show.out).toContain('tokens: no usage recorded');
  }, 60_000);
});
