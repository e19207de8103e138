/**
 * The index and Gemini CLI's files: a whole document that the agent rewrites is read again whole, a JSONL
 * log that grows is read from where it stopped (its `$set`/`$rewindTo` applied by the build), and either way
 * the reports equal a run without the index.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from './helpers/run-built-cli.js';

const corpus = path.resolve(import.meta.dirname, 'data/corpus-more/gemini-cli');
const work = mkdtempSync(path.join(tmpdir(), 'agentlog-gemini-index-'));
const cache = path.join(work, 'cache');
const logs = path.join(work, 'logs');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const doc = path.join(logs, 'session-2025-12-09T19-51-f0a689a6.json');
const log = path.join(logs, 'session-2026-04-29T21-39-gemini_s.jsonl');

async function reports(): Promise<{ cached: string[]; fresh: string[] }> {
  const commands = [
    ['report', '--json'],
    ['validate', '--json'],
    ['usage', '--json', '--by', 'session'],
  ];
  const cached: string[] = [];
  const fresh: string[] = [];
  for (const command of commands) {
    const a = await runBuiltCli([...command, logs], work, { AGENTLOG_CACHE_DIR: cache });
    const b = await runBuiltCli([...command, logs, '--no-cache'], work);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    cached.push(a.out);
    fresh.push(b.out);
  }
  return { cached, fresh };
}

describe('Gemini CLI files in the index', () => {
  it('a rewritten document and a grown JSONL log give the reports of a fresh read', async () => {
    mkdirSync(logs, { recursive: true });
    copyFileSync(
      path.join(corpus, 'lanegrid__agtrace/crates/agtrace-providers/tests/samples/gemini_session.json'),
      doc,
    );
    copyFileSync(
      path.join(corpus, 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl'),
      log,
    );
    const before = await reports();
    expect(before.cached).toEqual(before.fresh);

    // The agent rewrites the document whole with one more exchange.
    const parsed = JSON.parse(readFileSync(doc, 'utf8'));
    parsed.lastUpdated = '2025-12-09T20:10:00.000Z';
    parsed.messages.push(
      { id: 'new-user', timestamp: '2025-12-09T20:09:00.000Z', type: 'user', content: 'one more' },
      {
        id: 'new-gemini',
        timestamp: '2025-12-09T20:10:00.000Z',
        type: 'gemini',
        content: 'ok',
        model: 'gemini-2.5-flash',
        tokens: { input: 100, output: 10, cached: 40, thoughts: 5, tool: 0, total: 115 },
        toolCalls: [
          {
            id: 'glob-1',
            name: 'glob',
            args: { pattern: '*.py' },
            status: 'error',
            result: [{ functionResponse: { id: 'glob-1', name: 'glob', response: { error: 'no match' } } }],
          },
        ],
      },
    );
    writeFileSync(doc, JSON.stringify(parsed, null, 2));
    // The log grows: a new prompt, then a rewind to it.
    appendFileSync(
      log,
      `${JSON.stringify({ id: 'g-user-2', timestamp: '2026-04-29T21:40:00.000Z', type: 'user', content: [{ text: 'again' }] })}\n${JSON.stringify({ $rewindTo: 'g-user-2' })}\n`,
    );
    const after = await reports();
    expect(after.cached).toEqual(after.fresh);
    expect(after.cached).not.toEqual(before.cached);
    const report = JSON.parse(after.cached[0] ?? '{}');
    // 5 calls in the document and 1 in the log before; the new glob call failed.
    expect(report.sessions.toolCalls).toBe(7);
    expect(report.tools.find((t: { tool: string }) => t.tool === 'glob')).toMatchObject({
      calls: 1,
      errors: 1,
    });
    const validate = JSON.parse(after.cached[1] ?? '{}');
    expect(validate.records.$rewindTo).toBe(1);
    expect(validate.toolCalls.glob).toBe(1);
  });
});
