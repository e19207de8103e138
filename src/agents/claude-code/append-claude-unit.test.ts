import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordFile } from '../record-file.js';
import { NotAppendable } from './append-claude-session.js';
import { appendClaudeUnit } from './append-claude-unit.js';
import { buildClaudeCodeSession } from './build-session.js';
import { type ClaudeSessionResume, sessionResumeOf } from './session-resume.js';

const dir = path.resolve('test/fixtures/claude-code/agent-progress');
const file = path.join(dir, '7c4e2b90-1f3a-4d6b-8e5c-2a9d0f1b3c47.jsonl');
const values = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);

function recordFile(from: number, to: number): RecordFile {
  const slice = values.slice(from, to);
  return {
    file,
    records: slice.map((value, i) => ({ value, location: { file, line: from + i + 1 } })),
    counts: {
      lines: slice.length,
      blankLines: 0,
      records: slice.length,
      errors: 0,
      recordsByType: {},
      unknownRecordTypes: {},
    },
    problems: [],
  };
}

/** The session built from its first line, its resume state through JSON (as the index stores it). */
function stored() {
  const session = buildClaudeCodeSession(recordFile(0, 1));
  return { session, resume: JSON.parse(JSON.stringify(sessionResumeOf(session))) as ClaudeSessionResume };
}

describe('appendClaudeUnit', () => {
  it('links nothing from a state written before Task calls and streamed subagents were kept', () => {
    const { session, resume } = stored();
    delete resume.agentCalls;
    delete resume.streamedAgents;
    // The next line is a Task call: what it claims cannot be told from such a state.
    expect(() =>
      appendClaudeUnit(session, {
        reads: [{ path: file, resume, part: recordFile(1, 2) }],
        stored: () => undefined,
        added: [],
        order: [file],
      }),
    ).toThrow(NotAppendable);
  });

  it('takes the Task call and its streamed usage from a state that keeps them', () => {
    const { session, resume } = stored();
    expect(resume.agentCalls).toEqual([]);
    expect(resume.streamedAgents).toEqual([]);
    // The Task call: appended, its claim kept.
    const first = appendClaudeUnit(session, {
      reads: [{ path: file, resume, part: recordFile(1, 2) }],
      stored: () => undefined,
      added: [],
      order: [file],
    });
    const next = JSON.parse(JSON.stringify(first.changes[0]?.change.resume)) as ClaudeSessionResume;
    expect(next.agentCalls?.map((c) => c[0])).toEqual(['toolu_task1']);
    // Its usage streamed while the subagent's file is not there: left to a build (the build makes a subagent
    // of the streamed usage alone).
    expect(() =>
      appendClaudeUnit(session, {
        reads: [{ path: file, resume: next, part: recordFile(2, 3) }],
        stored: () => undefined,
        added: [],
        order: [file],
      }),
    ).toThrow(NotAppendable);
  });
});
