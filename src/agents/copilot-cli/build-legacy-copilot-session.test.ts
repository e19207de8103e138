import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../../test/corpus.js';
import { readRecordFile } from '../../lifecycle/load-sessions.js';
import type { AdapterFile } from '../agent-adapter.js';
import { buildLegacyCopilotSession } from './build-legacy-copilot-session.js';
import { buildCopilotCliSession } from './build-session.js';
import { copilotRecordType } from './decode-record.js';
import { legacyDocumentRecords } from './read.js';
import { looksLikeLegacyCopilotSession } from './schemas/legacy-session.js';

type Json = Record<string, unknown>;

const file = path.join(
  corpusMoreDir,
  'copilot-cli/Mai0313__VibeCodingTracker/examples/test_conversation_copilot@7bc2c73.json',
);
const text = readFileSync(file, 'utf8');
const document = JSON.parse(text) as Json;

/** The document as records, counted one "line" per record (the shared document reader's rule). */
function recordFile(): AdapterFile {
  const records = legacyDocumentRecords(document, text).map((r) => ({
    value: r.value,
    location: { file, line: r.line },
  }));
  const counts: AdapterFile['counts'] = {
    lines: records.length,
    blankLines: 0,
    records: records.length,
    errors: 0,
    recordsByType: {},
    unknownRecordTypes: {},
  };
  for (const { value } of records) {
    const type = copilotRecordType(value);
    counts.recordsByType[type.name] = (counts.recordsByType[type.name] ?? 0) + 1;
    if (!type.known) counts.unknownRecordTypes[type.name] = (counts.unknownRecordTypes[type.name] ?? 0) + 1;
  }
  return { file, records, counts, problems: [] };
}

describe('the legacy Copilot CLI document (history-session-state)', () => {
  const chat = document.chatMessages as Json[];
  const timeline = document.timeline as Json[];

  it('is claimed, and every entry of both arrays is a record starting on a line holding its "{"', () => {
    expect(looksLikeLegacyCopilotSession(document)).toBe(true);
    const records = legacyDocumentRecords(document, text);
    expect(records).toHaveLength(1 + chat.length + timeline.length);
    const lines = text.split('\n');
    for (const record of records) expect(lines[record.line - 1]?.trim()).toBe('{');
    // Entries follow in document order: the first chat message, then the first timeline entry.
    expect(records[1]?.value).toEqual(chat[0]);
    expect(records[1 + chat.length]?.value).toEqual(timeline[0]);
    const read = recordFile();
    expect(read.counts.recordsByType['history.session']).toBe(1);
    expect(read.counts.unknownRecordTypes).toEqual({});
  });

  it('pairs every call with its result and takes the status from the result and the exit code line', () => {
    const session = buildLegacyCopilotSession(recordFile());
    // Plain walk: call ids of the timeline and of the chat history; results from either.
    const timelineCalls = timeline
      .filter((e) => e.type === 'tool_call_completed')
      .map((e) => String(e.callId));
    const chatCalls = chat.flatMap((m) => ((m.tool_calls ?? []) as Json[]).map((c) => String(c.id)));
    const ids = new Set([...timelineCalls, ...chatCalls]);
    expect(new Set(session.toolCalls.map((c) => c.id))).toEqual(ids);
    const chatResultIds = new Set(chat.filter((m) => m.role === 'tool').map((m) => String(m.tool_call_id)));
    const resulted = new Set([...timelineCalls, ...chatCalls.filter((id) => chatResultIds.has(id))]);
    expect(
      session.toolCalls
        .filter((c) => c.result !== undefined)
        .map((c) => c.id)
        .sort(),
    ).toEqual([...resulted].sort());
    // Failures: a result type other than "success", or a shell output ending with a non-zero exit code.
    const exitLine = /<exited with exit code (-?\d+)>\s*$/;
    const failed = timeline.filter((e) => {
      const result = (e.result ?? {}) as Json;
      const code = exitLine.exec(String(result.log ?? ''))?.[1];
      return (
        e.type === 'tool_call_completed' &&
        (result.type !== 'success' || (code !== undefined && code !== '0'))
      );
    });
    expect(session.toolCalls.filter((c) => c.status === 'error').map((c) => c.id)).toEqual(
      failed.map((e) => String(e.callId)),
    );
    expect(failed.length).toBeGreaterThan(0);
  });

  it('keeps the timeline as messages in document order, with times, title and no usage', () => {
    const session = buildLegacyCopilotSession(recordFile());
    const byType = (type: string) => timeline.filter((e) => e.type === type).length;
    expect(session.messages.filter((m) => m.kind === 'prompt')).toHaveLength(byType('user'));
    expect(
      session.messages.filter((m) => m.role === 'assistant' && m.parts[0]?.type === 'text'),
    ).toHaveLength(byType('copilot'));
    expect(session.messages.filter((m) => m.kind === 'tool_results')).toHaveLength(
      byType('tool_call_completed'),
    );
    expect(session.id).toBe(document.sessionId);
    expect(session.agent).toBe('copilot-cli');
    expect(session.startTime).toBe(document.startTime);
    const times = timeline.map((e) => Date.parse(String(e.timestamp)));
    expect(session.endTime).toBe(new Date(Math.max(...times)).toISOString());
    expect(session.usageEntries).toEqual([]);
    expect(session.title?.length).toBeGreaterThan(0);
    // The model-facing result of a view is the file text of the chat history, not the terminal's diff.
    const view = session.toolCalls.find((c) => c.id === 'toolu_017HSQoNjKo4AkvK9kgYZYVC');
    expect(view?.result?.text.startsWith('1.# CLAUDE.md')).toBe(true);
    expect(view?.kind).toBe('builtin');
  });

  it('is read by the shared reader as Copilot CLI records, one per entry, and built by the adapter', async () => {
    const read = await readRecordFile(file);
    expect(read.agent).toBe('copilot-cli');
    expect(read.counts.records).toBe(1 + chat.length + timeline.length);
    expect(read.counts.records + read.counts.errors + read.counts.blankLines).toBe(read.counts.lines);
    expect(read.counts.unknownRecordTypes).toEqual({});
    const session = buildCopilotCliSession(read);
    expect(session.id).toBe(document.sessionId);
    expect(session.toolCalls).toHaveLength(buildLegacyCopilotSession(recordFile()).toolCalls.length);
  });
});
