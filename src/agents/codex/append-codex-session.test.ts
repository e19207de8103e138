import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../../test/corpus.js';
import type { ReadCounts } from '../../model/session.js';
import type { LocatedRecord } from '../record-file.js';
import { appendCodexSession } from './append-codex-session.js';
import { buildCodexSession } from './build-session.js';
import { CodexNotAppendable } from './codex-fold.js';
import { codexResumeOf } from './codex-resume.js';

/** The corpus's rollouts, as records (one per line). */
const rollouts = (readdirSync(corpusDir, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.jsonl') && /codex|rollout-/i.test(f))
  .map((f) => ({
    name: f,
    records: readFileSync(path.join(corpusDir, f), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(
        (line, i): LocatedRecord => ({ value: JSON.parse(line), location: { file: 'r.jsonl', line: i + 1 } }),
      ),
  }))
  .filter((r) => r.records.some((rec) => 'payload' in rec.value || 'record_type' in rec.value));

const counts = (records: number): ReadCounts => ({
  lines: records,
  blankLines: 0,
  records,
  errors: 0,
  recordsByType: {},
  unknownRecordTypes: {},
});

const build = (records: LocatedRecord[]) =>
  buildCodexSession({ file: 'r.jsonl', records, counts: counts(records.length), problems: [] });

describe('appendCodexSession', () => {
  /** Cuts appended to and cuts tried, by rollout. */
  const appendedBy = new Map<string, [number, number]>();
  /** Why cuts were refused. */
  const refusals = new Set<string>();
  it('finds the corpus rollouts', () => {
    expect(rollouts.length).toBeGreaterThanOrEqual(8);
  });

  it.each(rollouts.map((r) => [r.name, r] as const))(
    'gives, at every cut it takes, the session a build of the whole file gives: %s',
    (_name, { records }) => {
      const whole = build(records);
      const step = Math.max(1, Math.floor(records.length / 60));
      let appended = 0;
      let tried = 0;
      for (let cut = 1; cut < records.length; cut += step) {
        const stored = build(records.slice(0, cut));
        const resume = codexResumeOf(stored);
        expect(resume).toBeDefined();
        const messagesBefore = stored.messages.length;
        const usageBefore = stored.usageEntries.length;
        let change: ReturnType<typeof appendCodexSession>;
        try {
          change = appendCodexSession(stored, resume as NonNullable<typeof resume>, {
            records: records.slice(cut),
            problems: [],
            counts: counts(records.length - cut),
          });
        } catch (error) {
          // Refused: the file is built again (the index test checks the result is the same).
          expect(error).toBeInstanceOf(CodexNotAppendable);
          refusals.add((error as Error).message);
          tried += 1;
          continue;
        }
        appended += 1;
        expect(change.session).toEqual(whole);
        // The resume state goes on as a build's would.
        expect(change.resume).toEqual(codexResumeOf(whole));
        // What changed is what the index writes: new items at the end, stored calls that settled.
        expect(change.newMessages).toEqual(whole.messages.slice(messagesBefore));
        expect(change.newUsage).toEqual(whole.usageEntries.slice(usageBefore));
        tried += 1;
      }
      appendedBy.set(_name, [appended, tried]);
    },
  );

  it('appends at most cuts of the rollouts', () => {
    const [appended, tried] = [...appendedBy.values()].reduce(([a, t], [x, y]) => [a + x, t + y], [0, 0]);
    // 290 of 407 on the corpus. The others are refused for one of two reasons, both seen in real rollouts:
    // a cut before the first response_item message (13-28-45 opens with 29 records without one) or between
    // an output and its call, written after it (small.jsonl: 75 cuts).
    expect(appended).toBeGreaterThan(tried * 0.6);
    expect([...refusals].sort()).toEqual([
      'a call comes for a stored result without a call',
      'the first response_item message comes after the stored end',
    ]);
  });

  it('refuses a call for a result stored without one (its raw output is not stored)', () => {
    const meta = {
      type: 'session_meta',
      payload: { id: 'a0000000-0000-4000-8000-000000000001', timestamp: '2026-01-01T00:00:00Z' },
    };
    const message = {
      type: 'response_item',
      payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
    };
    const output = {
      type: 'response_item',
      payload: { type: 'function_call_output', call_id: 'c1', output: 'done' },
    };
    const call = {
      type: 'response_item',
      payload: { type: 'function_call', call_id: 'c1', name: 'shell', arguments: '{}' },
    };
    const records = [meta, message, output, call].map(
      (value, i): LocatedRecord => ({ value, location: { file: 'r.jsonl', line: i + 1 } }),
    );
    const stored = build(records.slice(0, 3));
    expect(stored.toolCalls.map((c) => c.status)).toEqual(['orphan_result']);
    expect(() =>
      appendCodexSession(stored, codexResumeOf(stored) as NonNullable<ReturnType<typeof codexResumeOf>>, {
        records: records.slice(3),
        problems: [],
        counts: counts(1),
      }),
    ).toThrow(CodexNotAppendable);
    expect(build(records).toolCalls.map((c) => c.status)).toEqual(['ok']);
  });
});
