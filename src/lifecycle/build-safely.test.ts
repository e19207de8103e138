import { describe, expect, it } from 'vitest';
import { buildCodexSession } from '../agents/codex/build-session.js';
import type { RecordFile } from '../agents/record-file.js';
import type { Session } from '../model/session.js';
import { buildSafely, UNPROCESSABLE_FILE, UNPROCESSABLE_RECORD } from './build-safely.js';

/** A Codex rollout of `n` function calls, one a line. */
function rollout(n: number): RecordFile {
  const records = [
    { timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'guarded', cwd: '/tmp' } },
    ...Array.from({ length: n }, (_, i) => ({
      timestamp: '2026-01-01T00:00:01Z',
      type: 'response_item',
      payload: {
        type: 'function_call',
        name: 'shell',
        arguments: '{"command":["ls"]}',
        call_id: `call-${i}`,
      },
    })),
  ].map((value, i) => ({
    value: value as Record<string, unknown>,
    location: { file: 'r.jsonl', line: i + 1 },
  }));
  const counts = {
    lines: n + 1,
    blankLines: 0,
    records: n + 1,
    errors: 0,
    recordsByType: {},
    unknownRecordTypes: {},
  };
  return { file: 'r.jsonl', records, counts, problems: [] };
}

/** The real builder, made to fail on records holding one of `poisoned` call ids (an unforeseen bug). */
const failingOn =
  (...poisoned: string[]) =>
  (file: RecordFile): Session => {
    for (const r of file.records) {
      const id = (r.value.payload as { call_id?: string } | undefined)?.call_id;
      if (id !== undefined && poisoned.includes(id)) throw new RangeError(`bad ${id}`);
    }
    return buildCodexSession(file);
  };

describe('buildSafely', () => {
  it('builds as the builder does when nothing fails', () => {
    const session = buildSafely(rollout(3), buildCodexSession);
    expect(session.toolCalls.map((c) => c.id)).toEqual(['call-0', 'call-1', 'call-2']);
    expect(session.problems).toEqual([]);
  });

  it('leaves out only the records that fail, each with a located problem', () => {
    const session = buildSafely(rollout(10), failingOn('call-3', 'call-7'));
    expect(session.toolCalls.map((c) => c.id)).toEqual([
      'call-0',
      'call-1',
      'call-2',
      'call-4',
      'call-5',
      'call-6',
      'call-8',
      'call-9',
    ]);
    expect(session.problems.map((p) => [p.type, p.location.line])).toEqual([
      [UNPROCESSABLE_RECORD, 5],
      [UNPROCESSABLE_RECORD, 9],
    ]);
    expect(session.problems[0]?.message).toContain('RangeError: bad call-3');
  });

  it('gives up the file, with a problem, when more than 20 records fail', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `call-${i}`);
    const session = buildSafely(rollout(25), failingOn(...ids));
    expect(session.toolCalls).toEqual([]);
    expect(session.problems.at(-1)).toMatchObject({
      type: UNPROCESSABLE_FILE,
      location: { file: 'r.jsonl', line: 1 },
    });
  });
});
