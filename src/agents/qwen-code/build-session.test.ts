import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAgentFile } from '../test-support/read-agent-file.js';
import { buildQwenCodeSession } from './build-session.js';
import { decodeQwenCodeRecord } from './decode-record.js';

const root = path.resolve('test/data/corpus-more/qwen-code');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : name.endsWith('.jsonl') ? [full] : [];
  });
}

/** The raw fields the walk reads, as the format describes them. */
interface RawRecord {
  uuid: string;
  sessionId: string;
  type: string;
  message?: { parts?: { functionCall?: { id: string }; functionResponse?: { id: string } }[] };
  toolCallResult?: { status?: string };
  usageMetadata?: {
    promptTokenCount?: number;
    cachedContentTokenCount?: number;
    candidatesTokenCount?: number;
  };
}

/** An independent walk of the raw lines: what the format says is there. */
function plainWalk(file: string) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const records = lines.map((l) => JSON.parse(l) as RawRecord);
  const callIds = new Set<string>();
  const resultIds = new Set<string>();
  const statuses: Record<string, number> = {};
  // Usage per record uuid (a uuid written twice is one response: the larger counts win).
  const usageByUuid = new Map<string, { prompt: number; cached: number; candidates: number }>();
  for (const r of records) {
    for (const part of r.message?.parts ?? []) {
      if (part.functionCall) callIds.add(part.functionCall.id);
      if (part.functionResponse) resultIds.add(part.functionResponse.id);
    }
    if (r.type === 'tool_result' && r.toolCallResult?.status)
      statuses[r.toolCallResult.status] = (statuses[r.toolCallResult.status] ?? 0) + 1;
    const u = r.type === 'assistant' ? r.usageMetadata : undefined;
    if (u && (u.promptTokenCount !== undefined || u.candidatesTokenCount !== undefined)) {
      const prev = usageByUuid.get(r.uuid) ?? { prompt: 0, cached: 0, candidates: 0 };
      usageByUuid.set(r.uuid, {
        prompt: Math.max(prev.prompt, u.promptTokenCount ?? 0),
        cached: Math.max(prev.cached, u.cachedContentTokenCount ?? 0),
        candidates: Math.max(prev.candidates, u.candidatesTokenCount ?? 0),
      });
    }
  }
  const usage = [...usageByUuid.values()].reduce(
    (a, u) => ({
      prompt: a.prompt + u.prompt,
      cached: a.cached + u.cached,
      candidates: a.candidates + u.candidates,
    }),
    { prompt: 0, cached: 0, candidates: 0 },
  );
  return { lines: lines.length, records, callIds, resultIds, statuses, usage, requests: usageByUuid.size };
}

const files = filesUnder(root);

describe('buildQwenCodeSession on the corpus-more Qwen Code files', () => {
  it('finds the six files', () => {
    expect(files).toHaveLength(6);
  });

  for (const file of files) {
    describe(path.relative(root, file), () => {
      it('accounts for every line and pairs calls, results and usage as the raw records say', async () => {
        const read = await readAgentFile(file, (v) => decodeQwenCodeRecord(v, 'envelope'));
        const session = buildQwenCodeSession(read);
        const walk = plainWalk(file);
        const c = session.counts;
        expect(c.records + c.errors + c.blankLines).toBe(c.lines);
        expect(c.records).toBe(walk.lines);
        expect(Object.values(c.recordsByType).reduce((a, b) => a + b, 0)).toBe(c.records);

        const calls = session.toolCalls.filter((t) => t.status !== 'orphan_result');
        expect(new Set(calls.map((t) => t.id))).toEqual(walk.callIds);
        const answered = session.toolCalls.filter((t) => t.result !== undefined);
        expect(new Set(answered.map((t) => t.id))).toEqual(walk.resultIds);
        const count = (s: string) => session.toolCalls.filter((t) => t.status === s).length;
        expect(count('error')).toBe(walk.statuses.error ?? 0);
        expect(count('ok')).toBeGreaterThanOrEqual(walk.statuses.success ?? 0);

        expect(session.usage.inputTokens + session.usage.cacheReadTokens).toBe(walk.usage.prompt);
        expect(session.usage.cacheReadTokens).toBe(walk.usage.cached);
        expect(session.usage.outputTokens).toBe(walk.usage.candidates);
        expect(session.usageEntries).toHaveLength(walk.requests);

        const sessionIds = new Set(walk.records.map((r) => r.sessionId));
        expect(sessionIds.has(session.id)).toBe(true);
      });
    });
  }

  it('reads the genuine 0.18.1 file: one failed list_directory call, two requests, cwd and model', async () => {
    const file = files.find((f) => f.endsWith('qwen_code.jsonl')) as string;
    const session = buildQwenCodeSession(
      await readAgentFile(file, (v) => decodeQwenCodeRecord(v, 'envelope')),
    );
    expect(session.cwd).toBe('/tmp/qwentest');
    expect(session.models).toEqual(['coder-model']);
    expect(session.versions).toEqual(['0.18.1']);
    expect(session.toolCalls.map((t) => [t.name, t.status, t.statusReason])).toEqual([
      ['list_directory', 'error', 'invalid_tool_params'],
    ]);
    // usageMetadata: 500 + 600 prompt of which 50 cached; 20 + 5 candidates.
    expect(session.usage).toMatchObject({ inputTokens: 1050, cacheReadTokens: 50, outputTokens: 25 });
    expect(session.meta.telemetryApiResponses).toBe(2);
  });

  it('leaves the rewound branch off-branch and takes the title of the continued branch', async () => {
    const file = files.find((f) => f.endsWith('000000000004.jsonl')) as string;
    const session = buildQwenCodeSession(
      await readAgentFile(file, (v) => decodeQwenCodeRecord(v, 'envelope')),
    );
    const off = session.messages.filter((m) => m.offBranch).map((m) => m.id);
    expect(off).toEqual(['019f0000-0000-7000-8000-000000000042']);
    expect(session.title).toBe('Active branch title');
    expect(session.titleSource).toBe('custom-title');
    // The uuid written twice is one message with the thought and the call.
    const merged = session.messages.find((m) => m.id === '019f0000-0000-7000-8000-000000000046');
    expect(merged?.parts.map((p) => p.type)).toEqual(['thinking', 'tool_call', 'text']);
    expect(session.toolCalls[0]?.status).toBe('missing');
  });

  it('gives the handwritten tools file its four statuses and the compression file a boundary', async () => {
    const tools = files.find((f) => f.endsWith('session-tools.jsonl')) as string;
    const s = buildQwenCodeSession(await readAgentFile(tools, (v) => decodeQwenCodeRecord(v, 'envelope')));
    expect(s.toolCalls.map((t) => [t.name, t.canonicalName, t.status])).toEqual([
      ['edit', 'edit', 'ok'],
      ['run_shell_command', 'run_shell_command', 'ok'],
      ['read_file', 'read_file', 'error'],
      ['todo_write', 'todo_write', 'ok'],
    ]);
    // The shell output says "Exit Code: 0".
    expect(s.toolCalls.find((t) => t.name === 'run_shell_command')?.result?.exitCode).toBe(0);
    const compression = files.find((f) => f.endsWith('session-compression.jsonl')) as string;
    const c = buildQwenCodeSession(
      await readAgentFile(compression, (v) => decodeQwenCodeRecord(v, 'envelope')),
    );
    expect(c.messages.map((m) => m.kind)).toEqual([
      'prompt',
      'response',
      'compact_boundary',
      'system',
      'prompt',
      'response',
    ]);
  });
});

describe('Qwen Code tool_call telemetry', () => {
  it('gives a call its measured duration and a rejected call the status denied, by call_id', () => {
    const file = 'x/s.jsonl';
    const base = { sessionId: 's', cwd: '/p', version: '0.30.0' };
    const telemetry = (uuid: string, parent: string, event: Record<string, unknown>) => ({
      ...base,
      uuid,
      parentUuid: parent,
      timestamp: '2026-01-01T00:00:02.000Z',
      type: 'system',
      subtype: 'ui_telemetry',
      systemPayload: { uiEvent: { 'event.name': 'qwen-code.tool_call', ...event } },
    });
    const lines = [
      {
        ...base,
        uuid: 'u',
        parentUuid: null,
        timestamp: '2026-01-01T00:00:00.000Z',
        type: 'user',
        message: { role: 'user', parts: [{ text: 'go' }] },
      },
      {
        ...base,
        uuid: 'a',
        parentUuid: 'u',
        timestamp: '2026-01-01T00:00:01.000Z',
        type: 'assistant',
        message: {
          role: 'model',
          parts: [
            { functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'rm -rf /' } } },
            { functionCall: { id: 'c2', name: 'read_file', args: { file_path: '/p/a' } } },
          ],
        },
      },
      telemetry('t1', 'a', {
        call_id: 'c1',
        function_name: 'run_shell_command',
        decision: 'reject',
        status: 'cancelled',
        duration_ms: 0,
      }),
      telemetry('t2', 't1', {
        call_id: 'c2',
        function_name: 'read_file',
        decision: 'auto_accept',
        status: 'success',
        duration_ms: 17,
      }),
      {
        ...base,
        uuid: 'r1',
        parentUuid: 't2',
        timestamp: '2026-01-01T00:00:03.000Z',
        type: 'tool_result',
        message: {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'c1',
                name: 'run_shell_command',
                response: { error: '[Operation Cancelled] Reason: User cancelled the operation.' },
              },
            },
          ],
        },
        toolCallResult: { callId: 'c1', status: 'cancelled' },
      },
      {
        ...base,
        uuid: 'r2',
        parentUuid: 'r1',
        timestamp: '2026-01-01T00:00:03.000Z',
        type: 'tool_result',
        message: {
          role: 'user',
          parts: [{ functionResponse: { id: 'c2', name: 'read_file', response: { output: 'text' } } }],
        },
        toolCallResult: { callId: 'c2', status: 'success' },
      },
    ];
    const session = buildQwenCodeSession({
      file,
      records: lines.map((value, i) => ({ value, location: { file, line: i + 1 } })),
      counts: {
        lines: lines.length,
        blankLines: 0,
        records: lines.length,
        errors: 0,
        recordsByType: {},
        unknownRecordTypes: {},
      },
      problems: [],
    });
    expect(session.toolCalls.map((t) => [t.id, t.status, t.durationMs])).toEqual([
      ['c1', 'denied', 0],
      ['c2', 'ok', 17],
    ]);
  });
});

describe('Qwen Code shell exit codes', () => {
  it('counts a command that exited non-zero as an error, with its exit code', () => {
    const file = 'x/s.jsonl';
    const base = { sessionId: 's', cwd: '/p', version: '0.21.7' };
    const lines = [
      {
        ...base,
        uuid: 'a',
        parentUuid: null,
        timestamp: '2026-01-01T00:00:01.000Z',
        type: 'assistant',
        message: {
          role: 'model',
          parts: [{ functionCall: { id: 'c', name: 'run_shell_command', args: { command: 'false' } } }],
        },
      },
      {
        ...base,
        uuid: 'r',
        parentUuid: 'a',
        timestamp: '2026-01-01T00:00:02.000Z',
        type: 'tool_result',
        message: {
          role: 'user',
          parts: [
            {
              functionResponse: {
                id: 'c',
                name: 'run_shell_command',
                response: { output: 'Command: false\nOutput: (empty)\nError: (none)\nExit Code: 1' },
              },
            },
          ],
        },
        toolCallResult: { callId: 'c', status: 'success' },
      },
    ];
    const session = buildQwenCodeSession({
      file,
      records: lines.map((value, i) => ({ value, location: { file, line: i + 1 } })),
      counts: { lines: 2, blankLines: 0, records: 2, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
      problems: [],
    });
    expect(session.toolCalls.map((t) => [t.status, t.statusReason, t.result?.exitCode])).toEqual([
      ['error', 'exit code 1', 1],
    ]);
  });
});
