// Codex rollouts that grow are appended to, not built again (`agents/codex/append-codex-thread.ts`): every
// Codex rollout of the corpus, cut at line starts spread over it and written back piece by piece with a
// refresh after each piece, leaves the same index (every row, the report models, the report queries'
// answers) as an index built from the whole file; and most pieces are appended.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { indexAnswers, indexContents, later, lineStarts } from './index-compare.js';
import { refreshed, tempDir } from './index-helpers.js';

let logs: string;
let cache: string;
let fresh: string;

beforeEach(() => {
  logs = tempDir('codex-append-logs');
  cache = tempDir('codex-append-cache');
  fresh = tempDir('codex-append-fresh');
});
afterEach(() => {
  for (const dir of [logs, cache, fresh]) rmSync(dir, { recursive: true, force: true });
});

/** The corpus's Codex rollouts (by their first line), by path below the corpus folder. */
const rollouts = (readdirSync(corpusDir, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.jsonl'))
  .filter((f) => {
    const first = readFileSync(path.join(corpusDir, f), 'utf8').split('\n', 1)[0] ?? '';
    return /"type":"session_meta"|"record_type"|"instructions"/.test(first) || /rollout-|codex/i.test(f);
  })
  .filter((f) =>
    /"(response_item|event_msg|session_meta|turn_context)"/.test(
      readFileSync(path.join(corpusDir, f), 'utf8'),
    ),
  )
  .sort();

describe('Codex rollouts appended to', () => {
  it('finds the corpus rollouts', () => {
    expect(rollouts.length).toBeGreaterThanOrEqual(8);
  });

  /** Pieces appended to and pieces written, by rollout. */
  const appendedBy = new Map<string, [number, number]>();
  it.each(rollouts)('equal a fresh build, written in pieces: %s', async (relative) => {
    // Alone in a folder of its own: a unit of one file.
    const dir = path.join(logs, 'sessions');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, path.basename(relative));
    const whole = readFileSync(path.join(corpusDir, relative));
    const cuts = lineStarts(whole, 6);
    writeFileSync(file, whole.subarray(0, cuts[0]));
    await refreshed(cache, logs);
    let appended = 0;
    for (const [i, cut] of [...cuts, whole.length].entries()) {
      if (i === 0) continue;
      appendFileSync(file, whole.subarray(cuts[i - 1], cut));
      later(file);
      appended += (await refreshed(cache, logs)).stats.unitsAppended;
    }
    appendedBy.set(relative, [appended, cuts.length]);
    await refreshed(fresh, logs);
    expect(indexContents(cache)).toEqual(indexContents(fresh));
    expect(await indexAnswers(cache, logs)).toStrictEqual(await indexAnswers(fresh, logs));
  });

  it('appends most pieces (42 of 55 on the corpus; the others are built again, as the fold refuses them)', () => {
    const [appended, pieces] = [...appendedBy.values()].reduce(([a, p], [x, y]) => [a + x, p + y], [0, 0]);
    expect(pieces).toBeGreaterThan(40);
    expect(appended).toBeGreaterThan(pieces / 2);
  });
});
