import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, ToolCall } from '../src/index.js';
import { listSessions } from '../src/index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = path.join(repoRoot, 'demo');
const script = path.join(repoRoot, 'scripts', 'make-demo.mjs');
const regenerate = 'Run "node scripts/make-demo.mjs" and commit demo/.';

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObj(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Files below `dir`, as sorted paths relative to it with `/` separators. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

interface DemoFile {
  rel: string;
  records: Json[];
}

function readDemo(): { claude: DemoFile[]; codex: DemoFile[]; metas: { rel: string; value: Json }[] } {
  const files = listFiles(demoDir);
  const jsonl = files
    .filter((rel) => rel.endsWith('.jsonl'))
    .map((rel) => ({
      rel,
      records: readFileSync(path.join(demoDir, rel), 'utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Json),
    }));
  return {
    claude: jsonl.filter((f) => f.rel.startsWith('claude/')),
    codex: jsonl.filter((f) => f.rel.startsWith('codex/')),
    metas: files
      .filter((rel) => rel.endsWith('.meta.json'))
      .map((rel) => ({ rel, value: JSON.parse(readFileSync(path.join(demoDir, rel), 'utf8')) as Json })),
  };
}

/** `a >= b` for dotted versions. */
function atLeast(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
}

/** Content blocks of a Claude Code record's message. */
const blocks = (record: Json): Json[] => arr(obj(record.message).content).filter(isObj);
const toolUses = (record: Json): Json[] =>
  record.type === 'assistant' ? blocks(record).filter((b) => b.type === 'tool_use') : [];
const toolResults = (record: Json): Json[] =>
  record.type === 'user' ? blocks(record).filter((b) => b.type === 'tool_result') : [];
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : arr(content)
        .map((b) => str(obj(b).text) ?? '')
        .join('\n');

/** Main transcripts: `claude/projects/<enc>/<uuid>.jsonl`. */
const isMainTranscript = (rel: string): boolean =>
  /^claude\/projects\/[^/]+\/[0-9a-f-]{36}\.jsonl$/.test(rel);

describe('demo/ is what scripts/make-demo.mjs writes', () => {
  let fresh = '';
  let stdout = '';
  beforeAll(() => {
    fresh = mkdtempSync(path.join(tmpdir(), 'agentlog-demo-'));
    stdout = execFileSync(process.execPath, [script, fresh], { encoding: 'utf8' });
  });
  afterAll(() => {
    if (fresh) rmSync(fresh, { recursive: true, force: true });
  });

  it('prints a one-line summary', () => {
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(/^make-demo: 15 sessions \(12 Claude Code, 3 Codex\), \d+ files, [\d.]+ KB in /);
  });

  it('has the same files as a fresh run', () => {
    expect(listFiles(demoDir), regenerate).toEqual(listFiles(fresh));
  });

  it('is byte-identical to a fresh run', () => {
    const differing = listFiles(fresh).filter((rel) => {
      const committed = path.join(demoDir, rel);
      try {
        return !readFileSync(committed).equals(readFileSync(path.join(fresh, rel)));
      } catch {
        return true;
      }
    });
    expect(differing, regenerate).toEqual([]);
  });

  it('gives the same bytes when run again', () => {
    const again = mkdtempSync(path.join(tmpdir(), 'agentlog-demo-'));
    try {
      execFileSync(process.execPath, [script, again], { encoding: 'utf8' });
      const differing = listFiles(fresh).filter(
        (rel) => !readFileSync(path.join(fresh, rel)).equals(readFileSync(path.join(again, rel))),
      );
      expect(differing).toEqual([]);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });

  it('stays small (shipped in the npm package)', () => {
    const bytes = listFiles(demoDir).reduce((n, rel) => n + readFileSync(path.join(demoDir, rel)).length, 0);
    expect(bytes).toBeLessThan(420 * 1024);
  });
});

describe('demo Claude Code logs cover what they are meant to show', () => {
  const { claude, metas } = readDemo();
  const all = claude.flatMap((f) => f.records.map((record) => ({ file: f, record })));
  const mains = claude.filter((f) => isMainTranscript(f.rel));
  const uses = all.flatMap(({ file, record }) => toolUses(record).map((block) => ({ file, record, block })));
  const results = all.flatMap(({ file, record }) =>
    toolResults(record).map((block) => ({ file, record, block })),
  );
  const resultOf = (id: unknown) => results.find((r) => r.block.tool_use_id === id);
  const versionOf = (f: DemoFile) => str(f.records.find((r) => typeof r.version === 'string')?.version) ?? '';

  it('has 12 sessions in 3 projects over 14 days ending 2026-11-20', () => {
    expect(mains).toHaveLength(12);
    const projects = new Set(mains.map((f) => f.rel.split('/')[2]));
    expect([...projects].sort()).toEqual([
      '-home-demo-src-csv-tool',
      '-home-demo-src-geo-lib',
      '-home-demo-src-shop-web',
    ]);
    const stamps = all.map(({ record }) => str(record.timestamp)).filter((t) => t !== undefined);
    const days = new Set(stamps.map((t) => t.slice(0, 10)));
    expect(stamps.every((t) => t >= '2026-11-07' && t < '2026-11-21')).toBe(true);
    expect(days.size).toBeGreaterThanOrEqual(10);
  });

  it('spans versions 1.0.x to 2.1.1xx and the three Claude models', () => {
    const versions = mains.map(versionOf);
    expect(versions.some((v) => v.startsWith('1.0.'))).toBe(true);
    expect(versions.some((v) => atLeast(v, '2.1.100'))).toBe(true);
    const models = new Set(all.map(({ record }) => str(obj(record.message).model)).filter(Boolean));
    for (const model of [
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-1-20250805',
      'claude-haiku-4-5-20251001',
    ])
      expect(models).toContain(model);
  });

  it('uses every demo tool, Task before 2.1.63 and Agent after, KillShell/BashOutput in old sessions', () => {
    const names = new Set(uses.map((u) => u.block.name));
    for (const name of [
      'Read',
      'Edit',
      'Write',
      'Bash',
      'Grep',
      'Glob',
      'TodoWrite',
      'Task',
      'Agent',
      'WebFetch',
      'WebSearch',
      'mcp__github__create_pull_request',
      'Skill',
      'BashOutput',
      'KillShell',
    ])
      expect(names, name).toContain(name);
    for (const u of uses) {
      const version = str(u.record.version) ?? '';
      if (u.block.name === 'Task') expect(atLeast(version, '2.1.63')).toBe(false);
      if (u.block.name === 'Agent') expect(atLeast(version, '2.1.63')).toBe(true);
      if (u.block.name === 'KillShell' || u.block.name === 'BashOutput')
        expect(atLeast(version, '2.1.0')).toBe(false);
    }
  });

  it('writes a realistic toolUseResult for each tool', () => {
    const shape: Record<string, (r: Json) => boolean> = {
      Read: (r) => r.type === 'text' && typeof obj(r.file).filePath === 'string',
      Edit: (r) => Array.isArray(r.structuredPatch) && typeof r.originalFile === 'string',
      Write: (r) => r.type === 'create' && Array.isArray(r.structuredPatch),
      Bash: (r) => typeof r.stdout === 'string' && r.interrupted === false,
      Grep: (r) => Array.isArray(r.filenames) && typeof r.numFiles === 'number',
      Glob: (r) => Array.isArray(r.filenames) && typeof r.durationMs === 'number',
      TodoWrite: (r) => Array.isArray(r.oldTodos) && Array.isArray(r.newTodos),
      WebSearch: (r) => typeof r.query === 'string' && Array.isArray(r.results),
      WebFetch: (r) => r.code === 200 && typeof r.result === 'string',
      Skill: (r) => r.success === true && typeof r.commandName === 'string',
      Task: (r) => typeof r.totalTokens === 'number' && isObj(r.usage),
      Agent: (r) => r.status === 'completed' && typeof r.agentId === 'string',
      BashOutput: (r) => typeof r.shellId === 'string' && 'exitCode' in r,
      KillShell: (r) => typeof r.shell_id === 'string',
    };
    for (const [name, check] of Object.entries(shape)) {
      const found = uses.some((u) => {
        const result = resultOf(u.block.id)?.record.toolUseResult;
        return u.block.name === name && isObj(result) && check(result);
      });
      expect(found, name).toBe(true);
    }
    const mcp = uses.find((u) => u.block.name === 'mcp__github__create_pull_request');
    expect(arr(resultOf(mcp?.block.id)?.record.toolUseResult)[0]).toMatchObject({ type: 'text' });
  });

  it('records usage with cache reads and writes on assistant messages', () => {
    const usages = all
      .filter(({ record }) => record.type === 'assistant')
      .map(({ record }) => obj(obj(record.message).usage));
    expect(usages.length).toBeGreaterThan(100);
    expect(
      usages.every((u) => typeof u.input_tokens === 'number' && typeof u.output_tokens === 'number'),
    ).toBe(true);
    expect(usages.some((u) => Number(u.cache_read_input_tokens) > 0)).toBe(true);
    expect(usages.some((u) => Number(u.cache_creation_input_tokens) > 0)).toBe(true);
  });

  it('has parallel calls in split records of one message, results fanning out to their records', () => {
    const byMessage = new Map<string, Json[]>();
    for (const u of uses) {
      const id = str(obj(u.record.message).id) ?? '';
      byMessage.set(id, [...(byMessage.get(id) ?? []), u.record]);
    }
    const fanned = [...byMessage.values()].some((records) => {
      if (records.length < 2) return false;
      return records.every((issuing) => {
        const result = resultOf(toolUses(issuing)[0]?.id)?.record;
        return result?.sourceToolAssistantUUID === issuing.uuid && result?.parentUuid === issuing.uuid;
      });
    });
    expect(fanned).toBe(true);
  });

  it('has tool errors: <tool_use_error> with is_error, and a Bash non-zero exit', () => {
    expect(
      results.some(
        (r) => r.block.is_error === true && textOf(r.block.content).startsWith('<tool_use_error>'),
      ),
    ).toBe(true);
    const bashFailures = results.filter((r) => {
      const call = uses.find((u) => u.block.id === r.block.tool_use_id);
      return (
        call?.block.name === 'Bash' &&
        r.block.is_error === true &&
        /^Exit code [1-9]/.test(textOf(r.block.content))
      );
    });
    expect(bashFailures.length).toBeGreaterThan(0);
  });

  it('has a denied call, an interrupted one and the interrupt marker', () => {
    const rejected =
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
    expect(
      results.some(
        (r) => r.block.content === rejected && r.record.toolUseResult === 'User rejected tool use',
      ),
    ).toBe(true);
    expect(
      results.some((r) =>
        textOf(r.block.content).startsWith("The user doesn't want to take this action right now"),
      ),
    ).toBe(true);
    expect(
      all.some(
        ({ record }) =>
          record.type === 'user' &&
          textOf(obj(record.message).content) === '[Request interrupted by user for tool use]',
      ),
    ).toBe(true);
  });

  it('has a call left without a result at the end of a session', () => {
    const unanswered = mains.filter((f) => {
      const last = [...f.records].reverse().find((r) => r.type === 'user' || r.type === 'assistant');
      return last !== undefined && toolUses(last).some((b) => !resultOf(b.id));
    });
    expect(unanswered.length).toBeGreaterThan(0);
  });

  it('writes subagents in every layout', () => {
    // Up to 2.0.2x: sidechain records in the main file.
    expect(
      mains.some(
        (f) =>
          !atLeast(versionOf(f), '2.0.28') &&
          f.records.some((r) => r.isSidechain === true && r.type === 'user'),
      ),
    ).toBe(true);
    // 2.0.28–2.1.1: projects/<enc>/agent-<id>.jsonl with agentId on every record.
    const flat = claude.filter((f) => /^claude\/projects\/[^/]+\/agent-[^/]+\.jsonl$/.test(f.rel));
    expect(flat.length).toBeGreaterThan(0);
    for (const f of flat)
      expect(f.records.every((r) => r.isSidechain === true && typeof r.agentId === 'string')).toBe(true);
    // 2.1.x: <session>/subagents/agent-<id>.jsonl, some with a .meta.json naming the call.
    const nested = claude.filter((f) => /\/[0-9a-f-]{36}\/subagents\/agent-[^/]+\.jsonl$/.test(f.rel));
    expect(nested.length).toBeGreaterThan(0);
    expect(metas.length).toBeGreaterThan(0);
    const spawnedBy = (toolUseId: unknown) => uses.find((u) => u.block.id === toolUseId);
    for (const meta of metas) {
      const spawn = spawnedBy(meta.value.toolUseId);
      expect(spawn?.block.name, meta.rel).toMatch(/^(Task|Agent)$/);
      expect(typeof meta.value.agentType).toBe('string');
    }
    // One subagent started by a call inside another subagent's transcript.
    expect(metas.some((m) => spawnedBy(m.value.toolUseId)?.record.isSidechain === true)).toBe(true);
  });

  it('has a compaction: boundary with logicalParentUuid, then the compact summary', () => {
    const found = mains.some((f) =>
      f.records.some((r, i) => {
        if (r.type !== 'system' || r.subtype !== 'compact_boundary' || r.parentUuid !== null) return false;
        const logical = f.records.some((x) => x.uuid === r.logicalParentUuid);
        const next = f.records[i + 1];
        return logical && next?.isCompactSummary === true && next.parentUuid === r.uuid;
      }),
    );
    expect(found).toBe(true);
  });

  it('has a rewind: two prompts with the same parent record', () => {
    const found = mains.some((f) => {
      const prompts = f.records.filter(
        (r) =>
          r.type === 'user' &&
          typeof obj(r.message).content === 'string' &&
          r.isMeta !== true &&
          r.parentUuid,
      );
      return new Set(prompts.map((r) => r.parentUuid)).size < prompts.length;
    });
    expect(found).toBe(true);
  });

  it('has a hook-blocked call: a hook_blocking_error attachment naming it, and the hook error as result', () => {
    const attachments = all.filter(({ record }) => obj(record.attachment).type === 'hook_blocking_error');
    expect(attachments.length).toBeGreaterThan(0);
    for (const { record } of attachments) {
      const id = obj(record.attachment).toolUseID;
      expect(uses.some((u) => u.block.id === id)).toBe(true);
      expect(textOf(resultOf(id)?.block.content)).toMatch(/hook error: /);
    }
  });

  it('has metadata records and a legacy progress record in the chain', () => {
    const types = new Set(all.map(({ record }) => record.type));
    for (const type of [
      'summary',
      'custom-title',
      'ai-title',
      'last-prompt',
      'file-history-snapshot',
      'queue-operation',
    ])
      expect(types, type).toContain(type);
    const progress = all.filter(({ record }) => record.type === 'progress');
    expect(progress.some(({ file, record }) => file.records.some((r) => r.parentUuid === record.uuid))).toBe(
      true,
    );
    expect(progress.every(({ record }) => /^2\.1\.[2-8]\d$/.test(str(record.version) ?? ''))).toBe(true);
  });
});

describe('demo Codex rollouts cover what they are meant to show', () => {
  const { codex } = readDemo();
  const lines = codex.flatMap((f) => f.records.map((record) => ({ file: f, record })));
  const payloads = lines.map(({ record }) => (isObj(record.payload) ? record.payload : record));
  const calls = payloads.filter((p) => p.type === 'function_call' || p.type === 'custom_tool_call');
  const outputs = payloads.filter(
    (p) => p.type === 'function_call_output' || p.type === 'custom_tool_call_output',
  );
  const outputOf = (call: Json) => outputs.find((o) => o.call_id === call.call_id);

  it('has 3 rollouts in sessions/YYYY/MM/DD, one of the bare era', () => {
    expect(codex).toHaveLength(3);
    for (const f of codex)
      expect(f.rel).toMatch(
        /^codex\/sessions\/2026\/11\/\d\d\/rollout-2026-11-\d\dT[\d-]+-[0-9a-f-]{36}\.jsonl$/,
      );
    const bare = codex.filter((f) => !('type' in (f.records[0] ?? {})));
    expect(bare).toHaveLength(1);
    const first = bare[0]?.records[0] ?? {};
    expect(typeof first.id).toBe('string');
    expect(typeof first.timestamp).toBe('string');
    expect(bare[0]?.records.some((r) => r.record_type === 'state')).toBe(true);
    expect(bare[0]?.records.some((r) => r.type === 'function_call')).toBe(true);
  });

  it('has envelope rollouts with session_meta first and turn_context models', () => {
    const enveloped = codex.filter((f) => 'payload' in (f.records[0] ?? {}));
    expect(enveloped).toHaveLength(2);
    for (const f of enveloped) expect(f.records[0]?.type).toBe('session_meta');
    const models = new Set(
      lines
        .filter(({ record }) => record.type === 'turn_context')
        .map(({ record }) => obj(record.payload).model),
    );
    expect([...models].sort()).toEqual(['gpt-5', 'gpt-5-codex']);
  });

  it('has shell JSON outputs, exec_command header outputs and the Exit code text form', () => {
    const shell = calls.filter((c) => c.name === 'shell').map((c) => str(outputOf(c)?.output) ?? '');
    const parsed = shell.filter((o) => o.startsWith('{')).map((o) => obj(JSON.parse(o)));
    expect(
      parsed.some((o) => typeof o.output === 'string' && typeof obj(o.metadata).exit_code === 'number'),
    ).toBe(true);
    const exec = calls.filter((c) => c.name === 'exec_command').map((c) => str(outputOf(c)?.output) ?? '');
    expect(
      exec.some((o) => /^Chunk ID: \w+\nWall time: [\d.]+ seconds\nProcess exited with code \d+\n/.test(o)),
    ).toBe(true);
    expect(
      outputs.some((o) => /^Exit code: \d+\nWall time: [\d.]+ seconds\nOutput:\n/.test(str(o.output) ?? '')),
    ).toBe(true);
  });

  it('has a failed command, apply_patch, update_plan, reasoning and a call without output', () => {
    const failedJson = calls.some((c) => {
      const out = str(outputOf(c)?.output) ?? '';
      return out.startsWith('{') && obj(obj(JSON.parse(out)).metadata).exit_code === 1;
    });
    expect(failedJson).toBe(true);
    expect(calls.some((c) => c.type === 'custom_tool_call' && c.name === 'apply_patch')).toBe(true);
    expect(calls.some((c) => c.name === 'update_plan' && outputOf(c)?.output === 'Plan updated')).toBe(true);
    expect(payloads.some((p) => p.type === 'reasoning' && arr(p.summary).length > 0)).toBe(true);
    expect(calls.some((c) => outputOf(c) === undefined)).toBe(true);
  });

  it('has cumulative token counts with last_token_usage, one re-emitted unchanged', () => {
    for (const f of codex) {
      const infos = f.records
        .map((r) => obj(r.payload))
        .filter((p) => p.type === 'token_count' && isObj(p.info))
        .map((p) => obj(p.info));
      if (infos.length === 0) continue;
      const totals = infos.map((info) => Number(obj(info.total_token_usage).total_tokens));
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      expect(infos.every((info) => isObj(info.last_token_usage))).toBe(true);
      expect(totals.some((t, i) => i > 0 && t === totals[i - 1])).toBe(true);
    }
  });
});

describe('agentlog reads the demo as intended', () => {
  let sessions: Session[] = [];
  beforeAll(async () => {
    ({ sessions } = await listSessions({ paths: [demoDir] }));
  });
  const everyCall = (list: readonly Session[]): ToolCall[] =>
    list.flatMap((s) => [...s.toolCalls, ...everyCall(s.subagents.map((a) => a.session))]);

  it('finds 15 sessions with their subagents linked under their calls', () => {
    expect(sessions).toHaveLength(15);
    const subagents = (s: Session): Session['subagents'] =>
      s.subagents.flatMap((a) => [a, ...subagents(a.session)]);
    const linked = sessions.flatMap(subagents);
    expect(linked).toHaveLength(6);
    expect(linked.every((a) => a.toolCallId !== undefined)).toBe(true);
    expect(new Set(linked.map((a) => a.linkedBy))).toEqual(
      new Set(['sidechain-prompt', 'tool-use-result', 'meta-json']),
    );
  });

  it('puts every session, the old-era rollout included, in its project', () => {
    expect(new Set(sessions.map((s) => s.project))).toEqual(new Set(['shop-web', 'csv-tool', 'geo-lib']));
  });

  it('gives the demo calls the statuses they were written with', () => {
    const statuses = new Set(everyCall(sessions).map((c) => c.status));
    for (const status of ['ok', 'error', 'denied', 'interrupted', 'hook_blocked', 'missing'])
      expect(statuses, status).toContain(status);
    expect(statuses).not.toContain('orphan_result');
  });
});
