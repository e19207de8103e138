import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../../test/corpus.js';
import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';
import { legacyDocumentRecords } from './read.js';
import { validateCopilotRecord } from './validate-record.js';

function collectingSink() {
  const out = {
    records: [] as string[],
    unknownTypes: [] as string[],
    unknownTools: [] as string[],
    tools: [] as string[],
    issues: [] as string[],
    unknownFields: [] as string[],
    versions: [] as string[],
  };
  const sink: ValidationSink = {
    record: (t) => out.records.push(t),
    unknownRecordType: (t) => out.unknownTypes.push(t),
    unknownTool: (n) => out.unknownTools.push(n),
    toolCall: (n) => out.tools.push(n),
    issue: (s, p, m, l) => out.issues.push(`${l} ${s} ${p.join('.')}: ${m}`),
    unknownField: (s, p) => out.unknownFields.push(`${s} ${p.join('.')}`),
    version: (v) => out.versions.push(v),
    rejectedInput: () => undefined,
  };
  return { out, sink };
}

function context(file: string): FileContext {
  return {
    file,
    toolNamesById: new Map(),
    lineIndex: 0,
    currentVersion: undefined,
    pendingInputIssues: new Map(),
  };
}

const dir = path.join(corpusMoreDir, 'copilot-cli');
const genuine = path.join(
  dir,
  'specstoryai__getspecstory/specstory-cli/pkg/providers/copilotcli/testdata/tool-exercise.jsonl',
);
const handwritten = [
  path.join(dir, 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/copilot/small.jsonl'),
  path.join(
    dir,
    'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/copilot/subdir_v1/aaaabbbb-1111-2222-3333-ccccddddeeee/events.jsonl',
  ),
];
const legacy = path.join(dir, 'Mai0313__VibeCodingTracker/examples/test_conversation_copilot@7bc2c73.json');

describe('validateCopilotRecord', () => {
  it('finds no issue, unknown type, unknown tool or undeclared key in the genuine 1.0.95-2 capture', () => {
    const { out, sink } = collectingSink();
    const lines = readFileSync(genuine, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    lines.forEach((line, i) => {
      validateCopilotRecord(JSON.parse(line) as Record<string, unknown>, i + 1, context(genuine), sink);
    });
    expect(out.records).toHaveLength(lines.length);
    expect(out.issues).toEqual([]);
    expect(out.unknownTypes).toEqual([]);
    expect(out.unknownTools).toEqual([]);
    expect(out.versions).toEqual(['copilot 1.0.95-2']);
    // Every tool request is checked: the plain count of toolRequests in assistant messages.
    const requests = lines
      .map((l) => JSON.parse(l) as { type: string; data: { toolRequests?: unknown[] } })
      .filter((r) => r.type === 'assistant.message')
      .reduce((n, r) => n + (r.data.toolRequests?.length ?? 0), 0);
    expect(out.tools).toHaveLength(requests);
    expect(out.unknownFields).toEqual([]);
  });

  it('finds no issue or undeclared key in the handwritten fixtures (only their trimmed tool names are unknown)', () => {
    for (const file of handwritten) {
      const { out, sink } = collectingSink();
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      lines.forEach((line, i) => {
        validateCopilotRecord(JSON.parse(line) as Record<string, unknown>, i + 1, context(file), sink);
      });
      expect(out.issues).toEqual([]);
      expect(out.unknownTypes).toEqual([]);
      expect(out.unknownFields).toEqual([]);
      expect(new Set(out.unknownTools).size).toBeLessThanOrEqual(1);
      for (const name of out.unknownTools) expect(name).toBe('[trimmed for fixture]');
    }
  });

  it('finds no issue in the legacy document, every call input checked', () => {
    const { out, sink } = collectingSink();
    const text = readFileSync(legacy, 'utf8');
    const records = legacyDocumentRecords(JSON.parse(text) as Record<string, unknown>, text);
    for (const r of records) validateCopilotRecord(r.value, r.line, context(legacy), sink);
    expect(out.records).toHaveLength(records.length);
    expect(out.issues).toEqual([]);
    expect(out.unknownTypes).toEqual([]);
    expect(out.unknownTools).toEqual([]);
    expect(out.unknownFields).toEqual([]);
    const doc = JSON.parse(text) as {
      chatMessages: { tool_calls?: unknown[] }[];
      timeline: { type: string }[];
    };
    const calls =
      doc.chatMessages.reduce((n, m) => n + (m.tool_calls?.length ?? 0), 0) +
      doc.timeline.filter((e) => e.type === 'tool_call_completed').length;
    expect(out.tools).toHaveLength(calls);
  });

  it('reports a broken known record and an unknown type', () => {
    const { out, sink } = collectingSink();
    validateCopilotRecord(
      { type: 'tool.execution_complete', data: { success: 'yes' }, id: 'a', timestamp: 't', parentId: null },
      1,
      context('x'),
      sink,
    );
    validateCopilotRecord(
      { type: 'permission.requested', data: {}, id: 'b', timestamp: 't', parentId: 'a' },
      2,
      context('x'),
      sink,
    );
    expect(out.issues.some((i) => i.includes('data.toolCallId'))).toBe(true);
    expect(out.issues.some((i) => i.includes('data.success'))).toBe(true);
    expect(out.unknownTypes).toEqual(['permission.requested']);
  });
});
