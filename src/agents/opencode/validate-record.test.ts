import { describe, expect, it } from 'vitest';
import { collectValidation, collectValidationOfText } from '../test-support/collect-validation.js';
import { opencodeRowDump, readRowDump } from '../test-support/opencode-database.js';
import { validateOpencodeRecord } from './validate-record.js';

describe('validateOpencodeRecord', () => {
  it('accounts for every row of the genuine v2 dump with no drift', () => {
    const rows = readRowDump();
    // Independent count: tool parts in the assistant rows' content.
    const calls = rows.flatMap((r) =>
      ((r.row.data as { content?: { type: string }[] } | undefined)?.content ?? []).filter(
        (c) => c.type === 'tool',
      ),
    );
    const collected = collectValidation(opencodeRowDump, validateOpencodeRecord);
    expect(Object.values(collected.records).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(collected.toolCalls).toHaveLength(calls.length);
    expect(collected.unknownRecordTypes).toEqual([]);
    expect(collected.unknownTools).toEqual([]);
    expect(collected.issues).toEqual([]);
    expect(collected.unknownFields).toEqual([]);
    expect(new Set(collected.versions)).toEqual(new Set(['opencode 2.0.14']));
  });

  it('reports an unknown row type, an unknown tool, a bad tool input and a new field', () => {
    const lines = [
      { table: 'session_v2', row: { id: 's', version: '2.1.0', brandNew: 1 } },
      { table: 'session_message', row: { id: 'm1', session_id: 's', type: 'teleported', data: {} } },
      {
        table: 'session_message',
        row: {
          id: 'm2',
          session_id: 's',
          type: 'assistant',
          data: {
            content: [
              { type: 'tool', id: 'c1', name: 'frobnicate', state: { status: 'completed', input: {} } },
              {
                type: 'tool',
                id: 'c2',
                name: 'read',
                state: { status: 'completed', input: { limit: 'ten' } },
              },
            ],
          },
        },
      },
    ];
    const collected = collectValidationOfText(
      'x.jsonl',
      lines.map((l) => JSON.stringify(l)).join('\n'),
      validateOpencodeRecord,
    );
    expect(collected.unknownRecordTypes).toEqual(['session_message:teleported']);
    expect(collected.unknownTools).toEqual(['frobnicate']);
    expect(collected.issues.map((i) => [i.subject, i.path.join('.')])).toEqual([
      ['opencode-tool:read:input', 'limit'],
    ]);
    expect(collected.unknownFields).toContain('opencode:session_v2 row.brandNew');
    expect(collected.versions).toEqual(['opencode 2.1.0']);
  });
});
