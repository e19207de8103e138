import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import { spanIdOf, traceIdOf } from '../src/exporters/otlp/index.js';
import { readSession, toolCalls } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { corpusPath } from './corpus.js';
import { patternsFile, secretsDir, survivors } from './fake-secrets.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './helpers/otlp-receiver.js';

/** A folder with one session (29ccd257: 25 calls) and its subagent (24 calls). */
const sessionDir = corpusPath(
  'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p',
);
const withSubagent = sessionDir;
const plain = corpusPath(
  'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
);

let receiver: OtlpReceiver;
let dir: string;
let cache: string;

async function otlp(args: string[], env: Record<string, string> = {}) {
  const io = memoryIo({ AGENTLOG_CACHE_DIR: cache, ...env });
  const code = await runCli(['otlp', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

const ids = (spans: readonly ReceivedSpan[]) => spans.map((s) => s.spanId);

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(path.join(tmpdir(), 'agentlog-otlp-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  receiver.clear();
  receiver.respondWith = 200;
  cache = mkdtempSync(path.join(dir, 'cache-'));
});

describe('agentlog otlp on a corpus session', () => {
  let session: Session;
  beforeAll(async () => {
    session = (await readSession(
      path.join(sessionDir, '29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl'),
    )) as Session;
  });

  it('sends the session as one trace: session, turn and tool call spans, subagent under its Task call', async () => {
    const run = await otlp([withSubagent, '--endpoint', receiver.url]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Sent 1 of 1 session to "${receiver.url}"`);
    expect(receiver.requests.every((r) => r.contentType === 'application/x-protobuf')).toBe(true);

    const spans = receiver.spans;
    expect(new Set(ids(spans)).size).toBe(spans.length);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([traceIdOf(session.id)]));
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const roots = spans.filter((s) => s.parentSpanId === '');
    expect(roots).toHaveLength(1);
    expect(spans.every((s) => s.parentSpanId === '' || byId.has(s.parentSpanId))).toBe(true);

    const root = roots[0] as ReceivedSpan;
    expect(root.spanId).toBe(spanIdOf(session.id, `session:${session.id}`));
    expect(root.name).toBe('invoke_agent claude-code');
    expect(root.resource).toMatchObject({
      'service.name': 'claude-code',
      'agentlog.version': expect.any(String),
    });
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': session.id,
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': session.models[0],
      'gen_ai.usage.output_tokens': session.usage.outputTokens,
      'agentlog.tool_calls': session.toolCalls.length,
      'agentlog.subagents': 1,
    });
    expect(root.startNs).toBe(BigInt(Date.parse(session.startTime as string)) * 1_000_000n);
    expect(root.endNs).toBe(BigInt(Date.parse(session.endTime as string)) * 1_000_000n);

    const turns = spans.filter((s) => s.name.startsWith('turn '));
    expect(turns.length).toBeGreaterThanOrEqual(session.turns.length);
    const tools = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    const calls = [...toolCalls(session)];
    expect(tools).toHaveLength(calls.length);
    expect(new Set(tools.map((s) => s.attributes['gen_ai.tool.call.id']))).toEqual(
      new Set(calls.map((c) => c.id)),
    );
    for (const call of calls) {
      const span = tools.find((s) => s.attributes['gen_ai.tool.call.id'] === call.id) as ReceivedSpan;
      expect(span.name).toBe(`execute_tool ${call.name}`);
      expect(span.attributes).toMatchObject({
        'gen_ai.tool.name': call.name,
        'agentlog.tool.status': call.status,
      });
      expect(span.status.code).toBe(call.status === 'ok' ? 1 : call.status === 'missing' ? 0 : 2);
      if (call.startTime && call.endTime)
        expect(Number(span.endNs - span.startNs) / 1e6).toBe(
          Date.parse(call.endTime) - Date.parse(call.startTime),
        );
      expect(byId.get(span.parentSpanId)?.name).toMatch(/^(turn \d+|invoke_agent .*)$/);
    }
    const bash = tools.find((s) => s.attributes['gen_ai.tool.name'] === 'Bash') as ReceivedSpan;
    // Without --content, no free text: not even the one-line summary of the command.
    expect(bash.attributes['agentlog.tool.input_summary']).toBeUndefined();
    expect(bash.attributes['gen_ai.tool.call.arguments']).toBeUndefined();

    // The subagent is an invoke_agent span under the Task call that started it, with its 24 calls below.
    const task = tools.find((s) => s.attributes['gen_ai.tool.name'] === 'Task') as ReceivedSpan;
    const sub = spans.find((s) => s.parentSpanId === task.spanId) as ReceivedSpan;
    expect(sub.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'agentlog.session.is_subagent': true,
    });
    const under = (span: ReceivedSpan): ReceivedSpan[] =>
      spans.filter((s) => s.parentSpanId === span.spanId).flatMap((s) => [s, ...under(s)]);
    expect(under(sub).filter((s) => s.name.startsWith('execute_tool'))).toHaveLength(24);
  });

  it('sends usage as GenAI token histograms and sums that add up to the session', async () => {
    await otlp([withSubagent, '--endpoint', receiver.url]);
    const entries = [session, ...session.subagents.map((s) => s.session)].flatMap((s) => s.usageEntries);
    const histogram = receiver.points.filter((p) => p.metric === 'gen_ai.client.token.usage');
    expect(histogram.length).toBeGreaterThan(0);
    expect(
      histogram.every((p) => p.kind === 'histogram' && p.temporality === 2 && p.unit === '{token}'),
    ).toBe(true);
    const output = histogram.filter((p) => p.attributes['gen_ai.token.type'] === 'output');
    const sumOf = (points: typeof histogram) =>
      points.reduce((n, p) => n + (p.value as { sum: number }).sum, 0);
    expect(sumOf(output)).toBe(entries.reduce((n, e) => n + e.usage.outputTokens, 0));
    expect(output.reduce((n, p) => n + (p.value as { count: number }).count, 0)).toBe(entries.length);
    const reads = receiver.points.filter(
      (p) => p.metric === 'agentlog.usage.tokens' && p.attributes['agentlog.token.kind'] === 'cache_read',
    );
    expect(reads.reduce((n, p) => n + (p.value as number), 0)).toBe(
      entries.reduce((n, e) => n + e.usage.cacheReadTokens, 0),
    );
    const calls = receiver.points.filter((p) => p.metric === 'agentlog.tool.calls');
    expect(calls.reduce((n, p) => n + (p.value as number), 0)).toBe([...toolCalls(session)].length);
    expect(histogram.every((p) => p.attributes['gen_ai.conversation.id'] === session.id)).toBe(true);
  });

  it('sends nothing the second time, and the same ids again with --resend', async () => {
    await otlp([withSubagent, '--endpoint', receiver.url]);
    const first = ids(receiver.spans).sort();
    const firstPoints = receiver.points.length;
    receiver.clear();

    const again = await otlp([withSubagent, '--endpoint', receiver.url]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Sent 0 of 1 session');
    expect(again.out).toContain('1 session unchanged since last sent');
    expect(receiver.requests).toEqual([]);

    const resend = await otlp([withSubagent, '--endpoint', receiver.url, '--resend']);
    expect(resend.code).toBe(0);
    expect(ids(receiver.spans).sort()).toEqual(first);
    expect(receiver.points).toHaveLength(firstPoints);
  });

  it('sends only the new and changed spans of a session that grew, with the ids they had', async () => {
    const lines = readFileSync(plain, 'utf8').split('\n');
    const copy = path.join(dir, 'grow', path.basename(plain));
    mkdirSync(path.dirname(copy), { recursive: true });
    writeFileSync(copy, `${lines.slice(0, 90).join('\n')}\n`);
    await otlp([copy, '--endpoint', receiver.url]);
    const early = new Set(ids(receiver.spans));
    receiver.clear();

    copyFileSync(plain, copy);
    const grown = await otlp([copy, '--endpoint', receiver.url]);
    expect(grown.code).toBe(0);
    const later = ids(receiver.spans);
    expect(later.length).toBeGreaterThan(0);
    receiver.clear();

    // What a fresh send of the whole file gives, from another cache.
    cache = mkdtempSync(path.join(dir, 'cache-'));
    await otlp([copy, '--endpoint', receiver.url]);
    const whole = ids(receiver.spans);
    expect(new Set([...early, ...later])).toEqual(new Set(whole));
    expect(later.length).toBeLessThan(whole.length);
    // Spans sent in both runs are the ones whose content changed (the session's end, an open turn).
    const resent = later.filter((id) => early.has(id));
    expect(resent.length).toBeLessThan(early.size);
  });

  it('passes headers and resource attributes, and sends text only with --content', async () => {
    const run = await otlp(
      [withSubagent, '--endpoint', `${receiver.url}/v1/traces`, '--headers', 'x-team=payments', '--content'],
      { OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc', OTEL_RESOURCE_ATTRIBUTES: 'team=payments' },
    );
    expect(run.code).toBe(0);
    expect(receiver.requests[0]?.path).toBe('/v1/traces');
    expect(receiver.requests[0]?.headers).toMatchObject({
      'x-team': 'payments',
      authorization: 'Bearer abc',
    });
    expect(receiver.spans[0]?.resource.team).toBe('payments');
    const bash = receiver.spans.find((s) => s.attributes['gen_ai.tool.name'] === 'Bash') as ReceivedSpan;
    expect(JSON.parse(bash.attributes['gen_ai.tool.call.arguments'] as string)).toHaveProperty('command');
    expect(receiver.spans.some((s) => typeof s.attributes['agentlog.turn.prompt'] === 'string')).toBe(true);
  });

  it('counts without sending or remembering with --dry-run', async () => {
    const dry = await otlp([withSubagent, '--endpoint', receiver.url, '--dry-run', '--json']);
    expect(JSON.parse(dry.out)).toMatchObject({
      dryRun: true,
      sessions: 1,
      sentSessions: 1,
      spans: expect.any(Number),
    });
    expect(receiver.requests).toEqual([]);
    await otlp([withSubagent, '--endpoint', receiver.url]);
    expect(receiver.spans).toHaveLength(JSON.parse(dry.out).spans);
  });

  it('fails in one sentence with the endpoint when the collector refuses, and remembers nothing', async () => {
    receiver.respondWith = 500;
    const refused = await otlp([withSubagent, '--endpoint', receiver.url]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `error: Sending to "${receiver.url}/v1/traces" failed: HTTP 500 Internal Server Error.\n`,
    );
    receiver.respondWith = 200;
    receiver.clear();
    await otlp([withSubagent, '--endpoint', receiver.url]);
    expect(receiver.spans.length).toBeGreaterThan(0);
  });

  it('fails when nothing listens, and on bad endpoints with exit code 2', async () => {
    const closed = await startOtlpReceiver();
    await closed.close();
    const refused = await otlp([withSubagent, '--endpoint', closed.url, '--timeout', '1000']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^error: Sending to "http:\/\/127\.0\.0\.1:\d+\/v1\/traces" failed: .*ECONNREFUSED.*\.\n$/,
    );
    expect(refused.err.split('\n')).toHaveLength(2);

    const bad = await otlp([withSubagent, '--endpoint', 'collector:4318']);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.err).toBe(
      'error: Option --endpoint needs an http or https URL (OTLP/HTTP), got "collector:4318".\n',
    );
    const none = await otlp([withSubagent]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^error: Say where to send: --endpoint URL/);
    const header = await otlp([withSubagent, '--endpoint', receiver.url, '--headers', 'novalue']);
    expect(header.code).toBe(2);
    expect(header.err).toBe('error: --headers needs key=value pairs, got "novalue".\n');
  });
});

describe('agentlog otlp --redact', () => {
  const sentJson = () =>
    JSON.stringify([receiver.spans, receiver.points], (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  /** Every string sent: attribute values (lists included) and span status messages. */
  const sentStrings = () => {
    const out: string[] = [];
    const add = (attributes: Record<string, unknown>) => {
      for (const value of Object.values(attributes))
        for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') out.push(v);
    };
    for (const span of receiver.spans) {
      add(span.attributes);
      add(span.resource);
      out.push(span.status.message, span.name);
    }
    for (const point of receiver.points) add(point.attributes);
    return out;
  };
  /** The free text of the fixture's sessions: titles, paths, prompts, every string of every tool input and result. */
  const freeTexts = async () => {
    const texts: string[] = [];
    const strings = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (Array.isArray(value)) value.forEach(strings);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(strings);
    };
    for (const file of [
      'claude/5ec7e7aa-0000-4000-8000-00000000f4ce.jsonl',
      'codex/rollout-2026-03-03T10-00-00-019c0000-fa4e-7000-8000-00000000c0de.jsonl',
    ]) {
      const session = (await readSession(path.join(secretsDir, file))) as Session;
      strings([session.title, session.cwd, session.project, session.gitBranch, session.files]);
      for (const m of session.messages)
        for (const part of m.parts) if (part.type === 'text') texts.push(part.text);
      for (const c of toolCalls(session)) strings([c.input, c.result?.text, c.statusReason]);
    }
    // Short words ("ok", "main") are no free text to speak of; the start of a text catches it cut short.
    return [...new Set(texts.filter((t) => t.trim().length >= 8).map((t) => t.trim().slice(0, 40)))];
  };

  it('sends no free text without --content: no title, prompt, command, path, result or secret', async () => {
    const run = await otlp([secretsDir, '--endpoint', receiver.url]);
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    expect(receiver.spans.length).toBeGreaterThan(0);
    const texts = await freeTexts();
    expect(texts.length).toBeGreaterThan(20);
    const leaked = sentStrings().flatMap((sent) =>
      texts.filter((t) => sent.includes(t)).map((t) => [t, sent]),
    );
    expect(leaked).toEqual([]);
    expect(survivors(sentJson())).toEqual([]);
    // The project goes as a digest: sessions still group by it.
    const hashes = receiver.spans.map((s) => s.attributes['agentlog.project.hash']).filter(Boolean);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes.every((h) => typeof h === 'string' && /^[0-9a-f]{16}$/.test(h))).toBe(true);
  });

  it('redacts with --content by default, and sends the text as it is only with --no-redact', async () => {
    const run = await otlp([secretsDir, '--endpoint', receiver.url, '--content']);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^Redacted \d+ secrets \(.+\)\.\n$/);
    const sent = sentJson();
    expect(sent).toContain('[REDACTED:');
    // Everything but the fixture's own pattern (an employee id, only with --redact-patterns) is gone.
    expect(survivors(sent).filter((name) => name !== 'employeeId')).toEqual([]);
    expect(receiver.spans.some((s) => typeof s.attributes['agentlog.turn.prompt'] === 'string')).toBe(true);
    receiver.clear();
    const raw = await otlp([secretsDir, '--endpoint', receiver.url, '--content', '--no-redact', '--resend']);
    expect(raw.code).toBe(0);
    expect(raw.err).toBe('');
    expect(survivors(sentJson()).length).toBeGreaterThan(5);
  });

  it('sends no fake secret in any span or metric, says what it redacted, and sends again when turned on', async () => {
    const plainRun = await otlp([secretsDir, '--endpoint', receiver.url, '--content', '--no-redact']);
    expect(plainRun.code).toBe(0);
    const unredacted = JSON.stringify([receiver.spans, receiver.points], (_k, v) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    expect(survivors(unredacted).length).toBeGreaterThan(0);
    const firstIds = ids(receiver.spans).sort();
    receiver.clear();

    const run = await otlp([
      secretsDir,
      '--endpoint',
      receiver.url,
      '--content',
      '--redact',
      '--redact-patterns',
      patternsFile,
    ]);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^Redacted \d+ secrets \(.+\)\.\n$/);
    const sent = JSON.stringify([receiver.spans, receiver.points], (_k, v) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    expect(survivors(sent)).toEqual([]);
    expect(sent).toContain('[REDACTED:');
    // Same spans, same ids: the redacted versions replace what was sent before.
    expect(ids(receiver.spans).sort()).toEqual(firstIds);
  });
});
