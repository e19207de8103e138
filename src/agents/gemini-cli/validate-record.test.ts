import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSource } from '../validate-source.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validateGeminiRecord', () => {
  it('counts every line and reports unknown types, unknown tools, bad inputs and undeclared keys', async () => {
    const file = path.join(dir, 's.jsonl');
    const lines = [
      {
        sessionId: 's',
        projectHash: 'p',
        startTime: '2026-01-01T00:00:00Z',
        lastUpdated: '2026-01-01T00:00:00Z',
      },
      { id: 'u', timestamp: '2026-01-01T00:00:01Z', type: 'user', content: 'hi' },
      {
        id: 'g',
        timestamp: '2026-01-01T00:00:02Z',
        type: 'gemini',
        content: '',
        newField: 1,
        toolCalls: [
          { id: 'c1', name: 'mystery_tool', args: {}, status: 'success' },
          { id: 'c2', name: 'read_file', args: { file_path: 'a', weird: 1 }, status: 'success' },
          { id: 'c3', name: 'write_file', args: { file_path: 'a' }, status: 'success' },
        ],
      },
      // The same message appended again: its calls count once.
      {
        id: 'g',
        timestamp: '2026-01-01T00:00:02Z',
        type: 'gemini',
        content: 'done',
        toolCalls: [{ id: 'c1', name: 'mystery_tool', args: {}, status: 'success' }],
      },
      { something: 'else' },
    ];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n\nnot json\n`);
    const facts = await validateSource(file);
    expect(facts.entry).toMatchObject({
      agent: 'gemini-cli',
      lines: 7,
      blankLines: 1,
      errors: 1,
      records: { session: 1, user: 1, gemini: 2, '(no type)': 1 },
      unknownRecordTypes: { '(no type)': 1 },
      unknownTools: { mystery_tool: 1 },
    });
    expect(facts.toolCalls).toEqual({ mystery_tool: 1, read_file: 1, write_file: 1 });
    expect(facts.unknownFields.map((f) => [f.subject, f.path])).toEqual([
      ['gemini-cli:gemini', 'newField'],
      ['gemini-cli-tool:read_file:input', 'weird'],
    ]);
    expect(facts.schemaIssues.map((i) => [i.subject, i.path])).toEqual([
      ['gemini-cli-tool:write_file:input', 'content'],
    ]);
  });
});
