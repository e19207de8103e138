import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../../test/corpus.js';
import { readRecordFile } from '../../lifecycle/load-sessions.js';
import type { Session } from '../../model/session.js';
import { buildCopilotSession } from './build-copilot-session.js';

/** The Copilot CLI JSONL files of corpus-more: PROVENANCE.tsv rows of agent `copilot-cli` ending in .jsonl. */
function copilotEventFiles(): string[] {
  const [header = '', ...rows] = readFileSync(path.join(corpusMoreDir, 'PROVENANCE.tsv'), 'utf8').split('\n');
  const columns = header.split('\t');
  const file = columns.indexOf('local_file');
  const agent = columns.indexOf('agent');
  const files = rows
    .map((row) => row.split('\t'))
    .filter((cells) => cells[agent] === 'copilot-cli' && (cells[file] ?? '').endsWith('.jsonl'))
    .map((cells) => path.join(corpusMoreDir, cells[file] ?? ''));
  return [...new Set(files)];
}

type Json = Record<string, unknown>;

/** An independent plain walk of the file: the figures the session must show. */
function plainScan(file: string) {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const records = lines.filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Json);
  const data = (r: Json) => (r.data ?? {}) as Json;
  // Calls: the ids requested by assistant messages or started; a completion pairs with the call of its id
  // when that id was requested or started earlier in the file (the first completion only), else it is an
  // orphan result.
  const callIds = new Set<string>();
  const paired = new Map<string, Json>();
  const orphanIds = new Set<string>();
  for (const r of records) {
    if (r.type === 'assistant.message')
      for (const t of (data(r).toolRequests ?? []) as Json[]) callIds.add(String(t.toolCallId));
    if (r.type === 'tool.execution_start') callIds.add(String(data(r).toolCallId));
    if (r.type === 'tool.execution_complete') {
      const id = String(data(r).toolCallId);
      if (callIds.has(id)) {
        if (!paired.has(id)) paired.set(id, data(r));
      } else orphanIds.add(id);
    }
  }
  const exitCode = (d: Json) => ((d.shellExecution ?? {}) as Json).exitCode;
  const usage = records.filter((r) => r.type === 'session.usage_record').map((r) => data(r).usage as Json);
  const sum = (key: string, own?: boolean) =>
    records
      .filter(
        (r) => r.type === 'session.usage_record' && (own === undefined || (r.agentId === undefined) === own),
      )
      .reduce((n, r) => n + Number(((data(r).usage as Json)[key] as number | undefined) ?? 0), 0);
  return {
    lines: lines.length,
    blank: lines.length - records.length,
    records: records.length,
    callIds,
    paired: paired.size,
    orphans: orphanIds.size,
    failed: [...paired.values()].filter(
      (d) => d.success === false || (typeof exitCode(d) === 'number' && exitCode(d) !== 0),
    ).length,
    usageRecords: usage.length,
    sums: {
      input: sum('inputTokens'),
      output: sum('outputTokens'),
      cacheRead: sum('cacheReadTokens'),
      cacheWrite: sum('cacheWriteTokens'),
      reasoning: sum('reasoningTokens'),
    },
    ownInput: sum('inputTokens', true),
    agentIds: new Set(records.map((r) => r.agentId).filter((a) => typeof a === 'string')),
    sessionId: String(data(records[0] ?? {}).sessionId),
  };
}

function tree(session: Session): Session[] {
  return [session, ...session.subagents.flatMap((s) => tree(s.session))];
}

const files = copilotEventFiles();

describe('buildCopilotSession on the corpus', () => {
  it('finds the three Copilot CLI event files of PROVENANCE.tsv', () => {
    expect(files).toHaveLength(3);
  });

  for (const file of files) {
    describe(path.relative(corpusMoreDir, file), () => {
      it('accounts for every line, pairs every call and sums the usage records', async () => {
        const scan = plainScan(file);
        const read = await readRecordFile(file);
        const session = buildCopilotSession(read);
        const sessions = tree(session);

        // Every line: records + errors + blank lines; records split into known and unknown types.
        const c = session.counts;
        expect(c.records + c.errors + c.blankLines).toBe(c.lines);
        expect(c.lines).toBe(scan.lines);
        expect(c.records).toBe(scan.records);
        expect(Object.values(c.recordsByType).reduce((a, b) => a + b, 0)).toBe(c.records);

        // Tool calls: one per distinct requested or started id; each completion pairs with one.
        const calls = sessions.flatMap((s) => s.toolCalls);
        const own = calls.filter((call) => call.status !== 'orphan_result');
        expect(new Set(own.map((call) => call.id))).toEqual(scan.callIds);
        expect(calls.filter((call) => call.status === 'orphan_result').length).toBe(scan.orphans);
        expect(own.filter((call) => call.result !== undefined).length).toBe(scan.paired);
        expect(own.filter((call) => call.result === undefined).length).toBe(scan.callIds.size - scan.paired);
        expect(own.filter((call) => call.status === 'error' || call.status === 'denied').length).toBe(
          scan.failed,
        );

        // Usage: one entry per usage record, the whole tree summing to the records' tokens.
        const entries = sessions.flatMap((s) => s.usageEntries);
        expect(entries).toHaveLength(scan.usageRecords);
        const total = (field: keyof Session['usage']) => sessions.reduce((n, s) => n + s.usage[field], 0);
        expect(total('inputTokens') + total('cacheReadTokens') + total('cacheWriteTokens')).toBe(
          scan.sums.input,
        );
        expect(total('outputTokens')).toBe(scan.sums.output);
        expect(total('cacheReadTokens')).toBe(scan.sums.cacheRead);
        expect(total('cacheWriteTokens')).toBe(scan.sums.cacheWrite);
        expect(total('reasoningTokens')).toBe(scan.sums.reasoning);
        expect(
          session.usage.inputTokens + session.usage.cacheReadTokens + session.usage.cacheWriteTokens,
        ).toBe(scan.ownInput);

        // Messages: unique ids, every tool call and result part naming a call of the tree.
        const messages = sessions.flatMap((s) => s.messages);
        expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
        const callIds = new Set(calls.map((call) => call.id));
        for (const part of messages.flatMap((m) => m.parts))
          if (part.type === 'tool_call' || part.type === 'tool_result')
            expect(callIds.has(part.callId)).toBe(true);

        // Identity and subagents.
        expect(session.id).toBe(scan.sessionId);
        expect(session.agent).toBe('copilot-cli');
        expect(new Set(session.subagents.map((s) => s.agentId))).toEqual(scan.agentIds);
      });
    });
  }
});

describe('buildCopilotSession on the genuine 1.0.95-2 capture', () => {
  const file = files.find((f) => f.includes('tool-exercise')) ?? '';

  it('reads the session facts from session.start and the messages', async () => {
    const session = buildCopilotSession(await readRecordFile(file));
    expect(session.cwd).toBe('/private/tmp/copilot-tools-exercise');
    expect(session.project).toBe('copilot-tools-exercise');
    expect(session.versions).toEqual(['1.0.95-2']);
    expect(session.models).toEqual(['claude-sonnet-5.5']);
    expect(session.startTime).toBe('2026-10-09T13:51:58.111Z');
    expect(session.endTime).toBe('2026-10-09T13:52:30.447Z');
    expect(session.title?.startsWith('Please use each of the tools in ./tools.txt')).toBe(true);
  });

  it('gives the shell command that exited 1 the status error although success is true', async () => {
    const session = buildCopilotSession(await readRecordFile(file));
    const failing = session.toolCalls.find((c) => c.id === 'toolu_01A8gFQ6XkALsnTj5xNNUB8k');
    expect(failing?.status).toBe('error');
    expect(failing?.statusReason).toBe('exit code 1');
    expect(failing?.result?.exitCode).toBe(1);
  });

  it('links the explore subagent to its task call; its usage matches subagent.completed.totalTokens', async () => {
    const session = buildCopilotSession(await readRecordFile(file));
    const [subagent] = session.subagents;
    const task = session.toolCalls.find((c) => c.name === 'task');
    expect(subagent?.toolCallId).toBe(task?.id);
    expect(task?.subagentId).toBe(subagent?.agentId);
    expect(subagent?.agentType).toBe('explore');
    const child = subagent?.session;
    expect(child?.models).toEqual(['gpt-5.6-luna']);
    expect(child?.toolCalls.map((c) => c.name)).toEqual(['view']);
    // subagent.completed says totalTokens 7992: its usage records' input + output.
    const u = child?.usage;
    expect(u && u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens + u.outputTokens).toBe(7992);
  });

  it('gives each tool its canonical kind and MCP tools their server', async () => {
    const session = buildCopilotSession(await readRecordFile(file));
    const kinds = Object.fromEntries(session.toolCalls.map((c) => [c.name, c.kind]));
    expect(Object.values(kinds).every((k) => k === 'builtin')).toBe(true);
  });
});

describe('buildCopilotSession statuses (records written as Copilot writes them)', () => {
  let line = 0;
  const record = (type: string, data: Record<string, unknown>) => ({
    value: {
      type,
      data,
      id: `r${++line}`,
      timestamp: `2026-01-01T00:00:${String(line).padStart(2, '0')}.000Z`,
      parentId: null,
    },
    location: { file: 'events.jsonl', line },
  });
  const request = (toolCallId: string, name: string, args: unknown) => ({
    toolCallId,
    name,
    arguments: args,
    type: 'function',
  });
  const records = [
    record('session.start', { sessionId: 's1', copilotVersion: '1.0.95-2', context: { cwd: '/w/p' } }),
    record('user.message', { content: 'go' }),
    record('assistant.message', {
      messageId: 'm1',
      content: '',
      toolRequests: [
        request('c-fail', 'view', { path: '/nope' }),
        request('c-denied', 'bash', { command: 'rm -rf /' }),
        request('c-open', 'bash', { command: 'sleep 99' }),
        request('c-mcp', 'github-mcp-server-search_code', { query: 'x' }),
      ],
    }),
    record('tool.execution_complete', {
      toolCallId: 'c-fail',
      success: false,
      error: { message: 'Path does not exist', code: 'failure' },
    }),
    record('tool.execution_complete', {
      toolCallId: 'c-denied',
      success: false,
      error: { message: 'The user denied permission to run this tool' },
    }),
    record('tool.execution_complete', { toolCallId: 'c-mcp', success: true, result: { content: '[]' } }),
    record('abort', { reason: 'user initiated' }),
    record('tool.execution_complete', {
      toolCallId: 'c-unknown',
      success: true,
      result: { content: 'late' },
    }),
  ];
  const counts = {
    lines: records.length,
    blankLines: 0,
    records: records.length,
    errors: 0,
    recordsByType: {},
    unknownRecordTypes: {},
  };
  const session = buildCopilotSession({ file: 'events.jsonl', records, counts, problems: [] });
  const status = (id: string) => session.toolCalls.find((c) => c.id === id);

  it('gives a failed call error, a refused one denied, an open one at an abort interrupted', () => {
    expect(status('c-fail')).toMatchObject({ status: 'error', statusReason: 'Path does not exist' });
    expect(status('c-fail')?.result?.isError).toBe(true);
    expect(status('c-denied')?.status).toBe('denied');
    expect(status('c-open')).toMatchObject({ status: 'interrupted', statusReason: 'the turn was aborted' });
    expect(status('c-unknown')?.status).toBe('orphan_result');
    expect(session.messages.some((m) => m.kind === 'interrupt')).toBe(true);
  });

  it('resolves MCP tools of the built-in GitHub server', () => {
    expect(status('c-mcp')).toMatchObject({
      kind: 'mcp',
      mcpServer: 'github-mcp-server',
      mcpTool: 'search_code',
      status: 'ok',
    });
  });
});
