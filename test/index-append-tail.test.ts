// A read can end in a line the agent is still writing (its bytes cut anywhere). The index reads that line
// again from its start next time, and keeps the resume state after it, so that the next refresh appends
// instead of building the session again (`cache/settle-tail.ts`). Real files written in pieces cut inside
// lines (a line that cannot be read yet) and right before a newline (a whole record without its newline):
// after every piece the index must equal one built from the file as it is then, and every piece after the
// first must be appended.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSteps, type Step } from './append-scenario.js';
import { corpusPath } from './corpus.js';

/** Offsets of line starts in `text` (after each newline but the last). */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1))
    starts.push(i + 1);
  return starts;
}

/**
 * `text` in pieces ending, in turn, 17 characters into a line (its JSON cut short), right before a line's
 * newline (a whole record, unterminated) and at a line start, at `count` lines spread over the file.
 */
function pieces(text: string, count: number): string[] {
  const starts = lineStarts(text);
  const cuts: number[] = [];
  for (let i = 1; i <= count; i++) {
    const at = Math.floor((i * (starts.length - 1)) / (count + 1));
    const start = starts[at] as number;
    const next = starts[at + 1] as number;
    cuts.push([start + 17, next - 1, start][i % 3] as number);
  }
  const sorted = [...new Set(cuts)].sort((a, b) => a - b);
  return [...sorted, text.length].map((cut, i) => text.slice(i === 0 ? 0 : sorted[i - 1], cut));
}

/** The file written piece by piece (each as is, no newline added), with the index compared after each. */
async function replay(relative: string, text: string) {
  const steps: Step[] = pieces(text, 15).map((piece) => ({ [relative]: [`${piece}\u0000`] }));
  const { log } = await runSteps(steps);
  return { steps: steps.length, later: log.slice(1) };
}

describe('a read that ends inside a line', () => {
  it.each([
    [
      'a Claude Code session',
      'projects/-work-app/0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl',
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl',
    ],
    [
      'a Codex rollout',
      'sessions/2025/11/17/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
      'AcidicSoil__codex-session-view/.sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
    ],
  ])(
    '%s written in pieces cut inside lines: appended at every piece, equal to a fresh build',
    async (_name, relative, source) => {
      const text = readFileSync(corpusPath(source), 'utf8');
      const { steps, later } = await replay(relative, text);
      expect(steps).toBeGreaterThan(10);
      expect(later.map((step) => [step.appended, step.built])).toEqual(later.map(() => [1, 0]));
    },
  );
});
