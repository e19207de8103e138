// `--agent NAME` on every command issue 18 lists, run on the whole corpus-more folder (every agent mixed),
// against a plain walk of one agent's files: its session files, its tool calls and its lines, counted with
// a few lines of JSON walking, never from agentlog's own output. `serve` runs the built CLI (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { agents } from '../src/schemas/common/agent.js';
import { corpusMoreDir } from './corpus.js';
import { type OtlpReceiver, startOtlpReceiver } from './helpers/otlp-receiver.js';
import { builtCli } from './helpers/run-built-cli.js';

// biome-ignore lint/suspicious/noExplicitAny: a plain walk over parsed JSON
type Json = Record<string, any>;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function jsonLines(file: string): Json[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Json);
}

/** Lines of a text file as a line reader counts them (a last line without a newline counts too). */
function physicalLines(file: string): number {
  const text = readFileSync(file, 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

interface Walked {
  folder: string;
  files: string[];
  calls: number;
  /** The calls of the sessions that have a time (otlp sends no session without one). */
  timedCalls: number;
  lines: number;
  /** One session file and its calls, for `show`. */
  sample: { file: string; calls: number };
}

/** Each agent's tool calls as its format writes them (FORMATS.md sections 4 to 6). */
const callsIn: Record<string, (file: string) => number> = {
  // Pi: `toolCall` blocks of the message entries.
  pi: (file) =>
    jsonLines(file).reduce(
      (n, r) =>
        n +
        (Array.isArray(r.message?.content) ? r.message.content : []).filter(
          (b: Json) => b?.type === 'toolCall',
        ).length,
      0,
    ),
  // Qwen Code: `functionCall` parts, one call per id.
  'qwen-code': (file) =>
    new Set(
      jsonLines(file).flatMap((r) =>
        (Array.isArray(r.message?.parts) ? r.message.parts : []).flatMap((p: Json) =>
          p?.functionCall ? [p.functionCall.id] : [],
        ),
      ),
    ).size,
  // Cursor transcripts: `tool_use` blocks of the assistant records.
  cursor: (file) =>
    jsonLines(file).reduce(
      (n, r) =>
        n +
        (Array.isArray(r.message?.content) ? r.message.content : []).filter(
          (b: Json) => b?.type === 'tool_use',
        ).length,
      0,
    ),
};

/**
 * A Cursor chat store (`store.db`) read plainly: its rows (meta and blobs, one "line" each) and the
 * `tool-call` parts of its JSON blobs (a message, or one after a node's fields).
 */
function plainStore(file: string): { lines: number; calls: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const meta = db.prepare('SELECT COUNT(*) AS n FROM meta').get() as { n: number };
    const blobs = db.prepare('SELECT data FROM blobs').all() as { data: Buffer }[];
    let calls = 0;
    for (const { data } of blobs) {
      const at = data.indexOf('{');
      if (at < 0) continue;
      try {
        const message = JSON.parse(data.subarray(at).toString()) as Json;
        if (Array.isArray(message.content))
          calls += message.content.filter((p: Json) => p?.type === 'tool-call').length;
      } catch {
        // not JSON: no message
      }
    }
    return { lines: meta.n + blobs.length, calls };
  } finally {
    db.close();
  }
}

function walkAgent(agent: string): Walked {
  const folder = path.join(corpusMoreDir, agent);
  const files = walk(folder).filter((f) => f.endsWith('.jsonl') || path.basename(f) === 'store.db');
  const jsonlCount = callsIn[agent] as (file: string) => number;
  const count = (file: string) => (file.endsWith('.db') ? plainStore(file).calls : jsonlCount(file));
  const perFile = files.map((file) => ({ file, calls: count(file) }));
  const sample = perFile.reduce((a, b) => (b.calls > a.calls ? b : a));
  // Cursor records carry no time (the file's is used); the others' records do, or the session has none.
  const timed = (file: string) =>
    agent === 'cursor' ||
    file.endsWith('.db') ||
    jsonLines(file).some((r) => typeof r.timestamp === 'string' && !Number.isNaN(Date.parse(r.timestamp)));
  return {
    folder,
    files,
    calls: perFile.reduce((n, f) => n + f.calls, 0),
    timedCalls: perFile.reduce((n, f) => n + (timed(f.file) ? f.calls : 0), 0),
    lines: files.reduce((n, f) => n + (f.endsWith('.db') ? plainStore(f).lines : physicalLines(f)), 0),
    sample,
  };
}

let tmp: string;
let receiver: OtlpReceiver;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'agentlog-agent-option-'));
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: path.join(tmp, 'cache'), HOME: path.join(tmp, 'home') }, tmp);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

async function json(args: string[]): Promise<Json> {
  const result = await run(args);
  expect(result.err).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.out) as Json;
}

/** `agentlog serve ... --port 0` (built CLI): the list page's session links, then the server is stopped. */
function servedSessionLinks(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, 'serve', ...args, '--port', '0'], {
      cwd: tmp,
      env: { ...process.env, NO_COLOR: '1', AGENTLOG_CACHE_DIR: path.join(tmp, 'serve-cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      err += c;
    });
    child.stdout.setEncoding('utf8').on('data', async (c: string) => {
      out += c;
      const url = /https?:\/\/\S+\//.exec(out)?.[0];
      if (!url) return;
      out = '';
      try {
        const page = await (await fetch(url)).text();
        resolve(page.match(/href="\/session\//g)?.length ?? 0);
      } catch (error) {
        reject(error);
      } finally {
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

const commands = [
  ['report', corpusMoreDir],
  ['tools', corpusMoreDir],
  ['usage', corpusMoreDir],
  ['errors', corpusMoreDir],
  ['ls', corpusMoreDir],
  ['show', 'some-id'],
  ['html', corpusMoreDir],
  ['serve', corpusMoreDir],
  ['export', 'tool_calls', corpusMoreDir],
  ['export', 'transcript', 'some-id'],
  ['search', 'word', corpusMoreDir],
  ['sql', 'SELECT 1'],
  ['otlp', corpusMoreDir, '--endpoint', 'http://127.0.0.1:9'],
  ['validate', corpusMoreDir],
  ['schema'],
];

describe('--agent', () => {
  it.each(commands.map((args) => [args.join(' ').replace(corpusMoreDir, 'DIR'), args] as const))(
    '%s rejects a name that is no agent in one sentence, exit 2, listing the names',
    async (_name, args) => {
      const result = await run([...args, '--agent', 'nobody']);
      expect(result.code).toBe(2);
      const line = result.err.trim().split('\n')[0] ?? '';
      expect(line).toMatch(/nobody/);
      for (const agent of agents.filter((a) => a !== 'opencode' || args[0] !== 'schema'))
        expect(line).toContain(agent);
      expect(result.out).toBe('');
    },
  );

  it.each([['usage'], ['report'], ['blocks'], ['ls']])(
    '%s without a PATH rejects a bad --agent (exit 2) before it searches the default folders',
    async (command) => {
      // HOME is an empty folder: a search would end in "No agent logs found" and exit 1.
      const result = await run([command, '--agent', 'nobody']);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/--agent must be one of .*"nobody"/);
      expect(result.err).not.toMatch(/No agent logs found/);
    },
  );

  describe.each(['pi', 'qwen-code', 'cursor'])('%s on the whole corpus-more folder', (agent) => {
    const walked = walkAgent(agent);
    const inFolder = (file: string) => file.startsWith(walked.folder + path.sep);

    it("the walk found the agent's files and calls", () => {
      expect(walked.files.length).toBeGreaterThan(1);
      expect(walked.calls).toBeGreaterThan(0);
    });

    it('report, ls and tools count its sessions and calls only', async () => {
      const report = await json(['report', corpusMoreDir, '--agent', agent, '--json']);
      expect(report.sessions.byAgent).toEqual({ [agent]: walked.files.length });
      expect(report.sessions.toolCalls).toBe(walked.calls);
      const ls = (await json(['ls', corpusMoreDir, '--agent', agent, '--json'])) as unknown as Json[];
      expect(ls).toHaveLength(walked.files.length);
      expect(ls.every((s) => s.agent === agent && s.files.every(inFolder))).toBe(true);
      expect(ls.reduce((n, s) => n + s.toolCalls, 0)).toBe(walked.calls);
      const tools = (await json(['tools', corpusMoreDir, '--agent', agent, '--json'])) as unknown as Json[];
      expect(tools.reduce((n, t) => n + t.calls, 0)).toBe(walked.calls);
      // The index gives the same answers as a run without it.
      const again = await json(['report', corpusMoreDir, '--agent', agent, '--json', '--no-cache']);
      expect(again.sessions.toolCalls).toBe(walked.calls);
    });

    it('errors and search show only its files', async () => {
      const errors = await json(['errors', corpusMoreDir, '--agent', agent, '--json']);
      expect((errors.groups as Json[]).every((g) => inFolder(g.example.file))).toBe(true);
      const hits = (await json([
        'search',
        'the',
        corpusMoreDir,
        '--agent',
        agent,
        '--json',
      ])) as unknown as Json[];
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => inFolder(h.file))).toBe(true);
    });

    it('usage counts only its requests', async () => {
      const usage = await json(['usage', corpusMoreDir, '--agent', agent, '--json']);
      if (agent === 'pi') {
        // Pi records usage per assistant message, field for field.
        const output = walked.files
          .flatMap(jsonLines)
          .reduce((n, r) => n + (r.message?.role === 'assistant' ? (r.message.usage?.output ?? 0) : 0), 0);
        expect(usage.total.outputTokens).toBe(output);
      }
      if (agent === 'cursor') expect(usage.total.requests).toBe(0);
    });

    it('export tool_calls and sql see its calls only', async () => {
      const exported = await run(['export', 'tool_calls', corpusMoreDir, '--agent', agent]);
      expect(exported.code).toBe(0);
      const rows = exported.out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Json);
      expect(rows).toHaveLength(walked.calls);
      await json(['report', corpusMoreDir, '--json']);
      const sql = (await json([
        'sql',
        '--agent',
        agent,
        '--json',
        'SELECT (SELECT COUNT(*) FROM tool_calls) AS calls, (SELECT COUNT(*) FROM sessions) AS sessions, (SELECT COUNT(DISTINCT agent) FROM main.sessions) AS agents',
      ])) as unknown as Json[];
      expect(sql[0]).toEqual({
        calls: walked.calls,
        sessions: walked.files.length,
        agents: expect.any(Number),
      });
      expect(sql[0]?.agents).toBeGreaterThan(1);
    });

    it("show and export transcript take a session of its own and refuse another agent's", async () => {
      const shown = await json(['show', walked.sample.file, '--agent', agent, '--json']);
      expect(shown.toolCalls).toHaveLength(walked.sample.calls);
      const other = agent === 'pi' ? 'cursor' : 'pi';
      const refused = await run(['show', walked.sample.file, '--agent', other]);
      expect(refused.code).toBe(1);
      expect(refused.err.trim().split('\n')).toHaveLength(1);
      // By id among the whole folder: found only among the agent's sessions.
      const id = shown.id as string;
      expect((await json(['show', id, '--in', corpusMoreDir, '--agent', agent, '--json'])).id).toBe(id);
      expect((await run(['show', id, '--in', corpusMoreDir, '--agent', other])).code).toBe(1);
      const transcript = await run(['export', 'transcript', id, '--in', corpusMoreDir, '--agent', agent]);
      expect(transcript.code).toBe(0);
    });

    it('html and serve list its sessions only', async () => {
      const out = path.join(tmp, `html-${agent}`);
      expect((await run(['html', corpusMoreDir, '--agent', agent, '-o', out])).code).toBe(0);
      expect(readdirSync(path.join(out, 'sessions'))).toHaveLength(walked.files.length);
      expect(await servedSessionLinks([corpusMoreDir, '--agent', agent])).toBe(walked.files.length);
    }, 60_000);

    it('otlp sends a span per call of its own', async () => {
      receiver.clear();
      const sent = await run([
        'otlp',
        corpusMoreDir,
        '--agent',
        agent,
        '--endpoint',
        receiver.url,
        '--resend',
      ]);
      expect(sent.code).toBe(0);
      const toolSpans = receiver.spans.filter(
        (s) => s.attributes['gen_ai.operation.name'] === 'execute_tool',
      );
      expect(toolSpans).toHaveLength(walked.timedCalls);
      expect(
        new Set(receiver.spans.map((s) => s.resource['gen_ai.system'] ?? s.attributes['gen_ai.system'])).size,
      ).toBe(1);
    });

    it('validate accounts for every line of its files and no other file', async () => {
      const report = await json(['validate', corpusMoreDir, '--agent', agent, '--json']);
      expect((report.files as Json[]).map((f) => f.file).sort()).toEqual([...walked.files].sort());
      const records = Object.values(report.records as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(report.lines).toBe(walked.lines);
      expect(records + report.errors.length + report.blankLines).toBe(walked.lines);
    });

    it('schema lists its tools', async () => {
      const tools = (await json(['schema', '--agent', agent, '--list', '--json'])) as unknown as Json[];
      expect(tools.length).toBeGreaterThan(0);
    });
  });
});
