/**
 * Copilot CLI through the built CLI (`npm run build` first): every command on the corpus-more files, and
 * default discovery in a fresh HOME laid out as Copilot lays it out. Expectations come from plain walks of
 * the files, not from agentlog's own output.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusMoreDir } from './corpus.js';
import { runBuiltCli } from './helpers/run-built-cli.js';

type Json = Record<string, unknown>;

const copilotDir = path.join(corpusMoreDir, 'copilot-cli');
const genuine = path.join(
  copilotDir,
  'specstoryai__getspecstory/specstory-cli/pkg/providers/copilotcli/testdata/tool-exercise.jsonl',
);
const legacy = path.join(
  copilotDir,
  'Mai0313__VibeCodingTracker/examples/test_conversation_copilot@7bc2c73.json',
);
const fixtures = path.join(copilotDir, 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/copilot');

function records(file: string): Json[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Json);
}

let tmp: string;
const env = () => ({ AGENTLOG_CACHE_DIR: path.join(tmp, 'cache'), HOME: path.join(tmp, 'home') });

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-copilot-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('agentlog on the Copilot CLI corpus', () => {
  it('ls lists every session of the four files, all copilot-cli', async () => {
    const run = await runBuiltCli(['ls', copilotDir, '--agent', 'copilot-cli', '--json'], tmp, env());
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.out) as Json[];
    const ids = [
      String((records(genuine)[0]?.data as Json | undefined)?.sessionId),
      String((JSON.parse(readFileSync(legacy, 'utf8')) as Json).sessionId),
    ];
    expect(rows).toHaveLength(4);
    for (const id of ids) expect(rows.map((r) => r.id)).toContain(id);
    expect(rows.every((r) => r.agent === 'copilot-cli')).toBe(true);
  });

  it('usage totals equal the sums of the usage records, cache reads and writes apart from input', async () => {
    const run = await runBuiltCli(['usage', copilotDir, '--agent', 'copilot-cli', '--json'], tmp, env());
    expect(run.code).toBe(0);
    const total = (JSON.parse(run.out) as { total: Json }).total;
    const usages = [genuine, ...[path.join(fixtures, 'small.jsonl')]]
      .flatMap(records)
      .filter((r) => r.type === 'session.usage_record')
      .map((r) => (r.data as Json).usage as Record<string, number>);
    const sum = (key: string) => usages.reduce((n, u) => n + (u[key] ?? 0), 0);
    expect(total.requests).toBe(usages.length);
    expect(total.cacheReadTokens).toBe(sum('cacheReadTokens'));
    expect(total.cacheWriteTokens).toBe(sum('cacheWriteTokens'));
    expect(total.inputTokens).toBe(sum('inputTokens') - sum('cacheReadTokens') - sum('cacheWriteTokens'));
    expect(total.outputTokens).toBe(sum('outputTokens'));
    expect(total.reasoningTokens).toBe(sum('reasoningTokens'));
  });

  it('tools counts every call of the files by name', async () => {
    const run = await runBuiltCli(['tools', copilotDir, '--agent', 'copilot-cli', '--json'], tmp, env());
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.out) as { tool: string; calls: number; errors: number }[];
    const bash = rows.find((r) => r.tool === 'bash');
    // bash calls: requests in the genuine and handwritten files plus the legacy timeline's.
    const eventRequests = [
      genuine,
      path.join(fixtures, 'small.jsonl'),
      path.join(fixtures, 'subdir_v1/aaaabbbb-1111-2222-3333-ccccddddeeee/events.jsonl'),
    ]
      .flatMap(records)
      .filter((r) => r.type === 'assistant.message')
      .flatMap((r) => ((r.data as Json).toolRequests ?? []) as Json[]);
    const timeline = (JSON.parse(readFileSync(legacy, 'utf8')) as { timeline: Json[] }).timeline;
    const expectedBash =
      eventRequests.filter((t) => t.name === 'bash').length +
      timeline.filter((e) => e.name === 'bash').length;
    expect(bash?.calls).toBe(expectedBash);
    expect(rows.find((r) => r.tool === 'task')?.calls).toBe(1);
  });

  it('tools --by kind puts each Copilot tool under its canonical kind', async () => {
    const run = await runBuiltCli(
      ['tools', copilotDir, '--agent', 'copilot-cli', '--by', 'kind', '--json'],
      tmp,
      env(),
    );
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.out) as { tool: string; group: string }[];
    const kindOf = Object.fromEntries(rows.map((r) => [r.tool, r.group]));
    expect(kindOf).toMatchObject({
      bash: 'shell',
      view: 'read',
      create: 'write',
      edit: 'edit',
      str_replace_editor: 'edit',
      grep: 'search',
      glob: 'search',
      web_fetch: 'web',
      task: 'subagent',
    });
  });

  it('report and show work, show renders the subagent under its task call', async () => {
    const report = await runBuiltCli(['report', copilotDir, '--agent', 'copilot-cli'], tmp, env());
    expect(report.code).toBe(0);
    expect(report.out).toContain('copilot-cli');
    const show = await runBuiltCli(['show', '4ea18a78', '--in', copilotDir], tmp, env());
    expect(show.code).toBe(0);
    const lines = show.out.split('\n');
    const task = lines.findIndex((l) => l.includes('⏺ task'));
    expect(task).toBeGreaterThan(0);
    expect(lines[task + 1]).toContain('subagent 47a0fd49');
    expect(show.out).toMatch(/⏺ bash Command that fails with exit 1 error/);
  });

  it('validate accounts for every line and document record', async () => {
    const run = await runBuiltCli(['validate', copilotDir, '--json'], tmp, env());
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as {
      lines: number;
      blankLines: number;
      records: Record<string, number>;
      schemaIssues: unknown[];
      unknownRecordTypes: unknown;
    };
    const jsonlLines = [
      genuine,
      path.join(fixtures, 'small.jsonl'),
      path.join(fixtures, 'subdir_v1/aaaabbbb-1111-2222-3333-ccccddddeeee/events.jsonl'),
    ]
      .map((f) => records(f).length)
      .reduce((a, b) => a + b, 0);
    // The legacy document: its header, then one record per chatMessages and timeline entry.
    const doc = JSON.parse(readFileSync(legacy, 'utf8')) as { chatMessages: unknown[]; timeline: unknown[] };
    const expected = jsonlLines + 1 + doc.chatMessages.length + doc.timeline.length;
    expect(report.lines).toBe(expected);
    expect(Object.values(report.records).reduce((a, b) => a + b, 0) + report.blankLines).toBe(expected);
    expect(report.schemaIssues).toEqual([]);
  });
});

describe('default discovery in a fresh HOME laid out as Copilot CLI lays it out', () => {
  it('finds session-state/<id>/events.jsonl, bare session-state/<id>.jsonl and history-session-state/<id>.json', async () => {
    const home = path.join(tmp, 'home');
    const state = path.join(home, '.copilot', 'session-state');
    const current = path.join(state, '4ea18a78-3f3c-4f67-a61e-21fab96427be');
    mkdirSync(path.join(current, 'files'), { recursive: true });
    copyFileSync(genuine, path.join(current, 'events.jsonl'));
    // Scratch files of a session folder are not transcripts.
    writeFileSync(path.join(current, 'files', 'notes.jsonl'), '{"note":1}\n');
    writeFileSync(path.join(current, 'workspace.yaml'), 'id: 4ea18a78\n');
    copyFileSync(path.join(fixtures, 'small.jsonl'), path.join(state, 'copilot_stage0_small.jsonl'));
    const legacyDir = path.join(home, '.copilot', 'history-session-state');
    mkdirSync(legacyDir, { recursive: true });
    copyFileSync(legacy, path.join(legacyDir, '06141331-92e8-4e9e-8bbb-9b7a729eb01a.json'));

    const run = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, env());
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.out) as Json[];
    expect(rows.map((r) => r.id).sort()).toEqual(
      [
        '06141331-92e8-4e9e-8bbb-9b7a729eb01a',
        '4ea18a78-3f3c-4f67-a61e-21fab96427be',
        'copilot_stage0_small',
      ].sort(),
    );

    // COPILOT_HOME moves it: the same files under another folder, HOME empty of them.
    const moved = path.join(tmp, 'elsewhere');
    mkdirSync(path.join(moved, 'session-state', 'x'), { recursive: true });
    copyFileSync(genuine, path.join(moved, 'session-state', 'x', 'events.jsonl'));
    const relocated = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, {
      ...env(),
      COPILOT_HOME: moved,
    });
    expect(relocated.code).toBe(0);
    expect((JSON.parse(relocated.out) as Json[]).map((r) => r.id)).toEqual([
      '4ea18a78-3f3c-4f67-a61e-21fab96427be',
    ]);
  });
});

describe('the index on a Copilot CLI session that grows', () => {
  it('gives the same session after an append as a fresh read without the index', async () => {
    const home = path.join(tmp, 'grow-home');
    const dir = path.join(home, '.copilot', 'session-state', '4ea18a78-3f3c-4f67-a61e-21fab96427be');
    mkdirSync(dir, { recursive: true });
    const lines = readFileSync(genuine, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const target = path.join(dir, 'events.jsonl');
    // Cut inside the first turns: calls requested but not yet completed.
    writeFileSync(target, `${lines.slice(0, 20).join('\n')}\n`);
    const growEnv = { AGENTLOG_CACHE_DIR: path.join(tmp, 'grow-cache'), HOME: home };
    const before = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, growEnv);
    expect(before.code).toBe(0);
    const early = (JSON.parse(before.out) as Json[])[0];
    expect(early?.toolCalls).toBe(12);
    writeFileSync(target, `${lines.join('\n')}\n`);
    const after = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, growEnv);
    const fresh = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli', '--no-cache'], tmp, growEnv);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.out)).toEqual(JSON.parse(fresh.out));
    const row = (JSON.parse(after.out) as Json[])[0];
    const requested = records(genuine)
      .filter((r) => r.type === 'assistant.message')
      .reduce((n, r) => n + (((r.data as Json).toolRequests as unknown[] | undefined)?.length ?? 0), 0);
    // The list counts the calls of the tree: the subagent's too.
    expect(row?.toolCalls).toBe(requested);
  });

  it('reads a rewritten legacy document again whole', async () => {
    const home = path.join(tmp, 'doc-home');
    const dir = path.join(home, '.copilot', 'history-session-state');
    mkdirSync(dir, { recursive: true });
    const target = path.join(dir, '06141331-92e8-4e9e-8bbb-9b7a729eb01a.json');
    const doc = JSON.parse(readFileSync(legacy, 'utf8')) as { timeline: Json[] } & Json;
    const calls = (timeline: Json[]) => timeline.filter((e) => e.type === 'tool_call_completed').length;
    // First the document as it was 40 timeline entries in (and its chat history so far), then whole.
    const early = { ...doc, timeline: doc.timeline.slice(0, 40) };
    writeFileSync(target, JSON.stringify(early, null, 4));
    const docEnv = { AGENTLOG_CACHE_DIR: path.join(tmp, 'doc-cache'), HOME: home };
    const before = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, docEnv);
    expect(before.code).toBe(0);
    const chatCalls = (doc.chatMessages as Json[])
      .flatMap((m) => (m.tool_calls ?? []) as Json[])
      .map((c) => c.id);
    const earlyIds = new Set(early.timeline.map((e) => e.callId).filter(Boolean));
    expect((JSON.parse(before.out) as Json[])[0]?.toolCalls).toBe(
      calls(early.timeline) + chatCalls.filter((id) => !earlyIds.has(id)).length,
    );
    writeFileSync(target, JSON.stringify(doc, null, 4));
    const after = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli'], tmp, docEnv);
    const fresh = await runBuiltCli(['ls', '--json', '--agent', 'copilot-cli', '--no-cache'], tmp, docEnv);
    expect(JSON.parse(after.out)).toEqual(JSON.parse(fresh.out));
    expect((JSON.parse(after.out) as Json[])[0]?.toolCalls).toBe(calls(doc.timeline));
  });
});
