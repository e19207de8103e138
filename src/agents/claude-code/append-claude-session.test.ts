import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFiles } from '../../../test/corpus.js';
import { readRecordSlice } from '../../lifecycle/read-record-slice.js';
import type { RecordPart } from '../../lifecycle/record-slice.js';
import { NotAppendable } from './append-claude-session.js';
import { appendClaudeUnit } from './append-claude-unit.js';
import { buildClaudeCodeSession } from './build-session.js';
import { sessionResumeOf } from './session-resume.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'agentlog-append-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Claude Code main session files of the corpus (not subagent transcripts, not Codex rollouts). */
const mainFiles = corpusFiles().filter((file) => {
  if (path.basename(file).startsWith('agent-') || file.includes(`${path.sep}subagents${path.sep}`))
    return false;
  const first = readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
  return (
    !first.includes('"session_meta"') &&
    !first.includes('"response_item"') &&
    !first.includes('"turn_context"')
  );
});

/** Byte offsets of line starts where a file can be cut: a spread of them, plus the first and last lines. */
function cutPoints(bytes: Buffer, count: number): number[] {
  const starts: number[] = [];
  for (let i = bytes.indexOf(10); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(10, i + 1))
    starts.push(i + 1);
  if (starts.length === 0) return [];
  const picks = new Set<number>([starts[0] as number, starts[starts.length - 1] as number]);
  for (let i = 1; i <= count; i++) picks.add(starts[Math.floor((i * starts.length) / (count + 1))] as number);
  return [...picks].sort((a, b) => a - b);
}

/** Cuts tried and folded over the whole corpus. */
const cuts = { tried: 0, folded: 0 };

const recordFile = (file: string, part: RecordPart) => ({
  file,
  records: part.records,
  counts: part.counts,
  problems: part.problems,
});

describe('appendClaudeSession', () => {
  it('finds main session files in the corpus', () => {
    expect(mainFiles.length).toBeGreaterThan(10);
  });

  // The property: building the first lines of a file, then appending the rest, equals building the whole
  // file; where the fold cannot redo the build it says so (NotAppendable), never a different session.
  it.each(mainFiles.map((f) => [path.relative(process.cwd(), f), f]))(
    'equals a build of the whole file at every cut: %s',
    async (_name, source) => {
      const text = readFileSync(source);
      const target = path.join(work, path.basename(source));
      copyFileSync(source, target);
      const whole = await readRecordSlice(target);
      const fresh = buildClaudeCodeSession(recordFile(target, whole.body));
      let folded = 0;
      for (const cut of cutPoints(text, 12)) {
        cuts.tried += 1;
        writeFileSync(target, text.subarray(0, cut));
        const head = await readRecordSlice(target);
        const session = buildClaudeCodeSession(recordFile(target, head.body));
        const resume = sessionResumeOf(session);
        expect(resume).toBeDefined();
        writeFileSync(target, text);
        const rest = await readRecordSlice(target, { start: head.end });
        // Through JSON, as the index stores it.
        const stored = JSON.parse(JSON.stringify(resume));
        try {
          appendClaudeUnit(session, {
            reads: [{ path: target, resume: stored, part: rest.body }],
            stored: () => undefined,
            added: [],
            order: [target],
          });
        } catch (error) {
          if (!(error instanceof NotAppendable)) throw error;
          continue;
        }
        folded += 1;
        expect(session).toEqual(fresh);
      }
      cuts.folded += folded;
    },
  );

  it('folds most cuts of the corpus (the others are files with sidechains, repeated uuids, cycles)', () => {
    expect(cuts.tried).toBeGreaterThan(300);
    expect(cuts.folded / cuts.tried, `${cuts.folded} of ${cuts.tried} cuts folded`).toBeGreaterThan(0.8);
  });
});
