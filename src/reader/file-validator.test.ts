import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from '../../test/corpus.js';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { createFileValidator } from './file-validator.js';
import { readJsonl } from './index.js';
import type { LineResult } from './line-result.js';
import { validateFile } from './validate-file.js';

async function linesOf(file: string): Promise<{ results: LineResult[]; lines: number; blankLines: number }> {
  const reader = readJsonl(file);
  const results: LineResult[] = [];
  for await (const result of reader) results.push(result);
  return { results, lines: reader.stats.physicalLines, blankLines: reader.stats.blankLines };
}

/** Validates `results` in runs cut at `cuts`, each run resumed from the JSON of the state before it. */
function validateInRuns(file: string, results: readonly LineResult[], cuts: readonly number[]) {
  let state: string | undefined;
  let start = 0;
  for (const cut of [...cuts, results.length]) {
    const validator = createFileValidator(file, {}, state === undefined ? undefined : JSON.parse(state));
    for (const result of results.slice(start, cut)) validator.add(result);
    state = JSON.stringify(validator.state());
    start = cut;
  }
  return createFileValidator(file, {}, state === undefined ? undefined : JSON.parse(state));
}

describe('createFileValidator', () => {
  it('gives the facts of one pass whatever lines the file is cut at (every corpus file)', async () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const whole = await validateFile(file);
      const { results, lines, blankLines } = await linesOf(file);
      const n = results.length;
      for (const cuts of [[1], [Math.floor(n / 3), Math.floor((2 * n) / 3)], [n - 1], [0, n]]) {
        const resumed = validateInRuns(
          file,
          results,
          cuts.filter((c) => c >= 0 && c <= n),
        );
        expect(resumed.facts(lines, blankLines), `${file} cut at ${cuts.join(',')}`).toEqual(whole);
      }
    }
  });

  it('holds an input issue across a cut until the result says whether the agent rejected the input', () => {
    const dir = tempDir('validator');
    const file = path.join(dir, 's.jsonl');
    const call = (id: string) => ({
      type: 'assistant',
      uuid: `a-${id}`,
      sessionId: 's',
      version: '2.0.0',
      timestamp: '2026-01-01T00:00:00Z',
      message: {
        id: `msg_${id}`,
        role: 'assistant',
        model: 'claude-x',
        content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: 42 } }],
      },
    });
    const result = (id: string, text: string) => ({
      type: 'user',
      uuid: `u-${id}`,
      sessionId: 's',
      version: '2.0.0',
      timestamp: '2026-01-01T00:00:01Z',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: text }],
      },
    });
    const records = [
      call('toolu_rejected'),
      call('toolu_failed'),
      call('toolu_open'),
      result('toolu_rejected', '<tool_use_error>InputValidationError: file_path must be a string'),
      result('toolu_failed', 'Error: no such file'),
    ];
    writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const results: LineResult[] = records.map((value, i) => ({
      ok: true,
      value,
      location: { file, line: i + 1, byteOffset: 0 },
      byteLength: 1,
    }));

    const oneRun = validateInRuns(file, results, []).facts(5, 0);
    // Cut after the three calls: all three inputs are held in the stored state.
    const state = JSON.parse(JSON.stringify(validateInRuns(file, results.slice(0, 3), []).state()));
    expect(state.context.pendingInputIssues.map(([id]: [string]) => id)).toEqual([
      'toolu_rejected',
      'toolu_failed',
      'toolu_open',
    ]);
    const resumed = validateInRuns(file, results, [3]).facts(5, 0);
    expect(resumed).toEqual(oneRun);
    // The rejected input is the model's mistake; the other two are schema issues (one at the result, one at
    // the end of the file), both located at their call's line.
    expect(resumed.rejectedInputs).toBe(1);
    const readIssues = resumed.schemaIssues.filter((i) => i.subject === 'tool:Read:input');
    expect(readIssues.map((i) => [i.count, i.first.line])).toEqual([[2, 2]]);
  });

  it('reports held issues in facts() without consuming them', () => {
    const file = '/x.jsonl';
    const validator = createFileValidator(file);
    validator.add({
      ok: true,
      value: {
        type: 'assistant',
        uuid: 'a',
        message: { id: 'm', content: [{ type: 'tool_use', id: 't', name: 'Read', input: {} }] },
      },
      location: { file, line: 1, byteOffset: 0 },
      byteLength: 1,
    });
    const first = validator.facts(1, 0);
    expect(first.schemaIssues.some((i) => i.subject === 'tool:Read:input')).toBe(true);
    expect(validator.state().context.pendingInputIssues).toHaveLength(1);
    expect(validator.facts(1, 0)).toEqual(first);
  });
});
