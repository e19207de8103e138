/**
 * The index and Qwen Code's and Pi's JSONL files: a session that grows (a new model iteration, a new tool
 * result, a branch) is read again by the index and the reports equal a run without the index.
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from './helpers/run-built-cli.js';

const corpus = path.resolve(import.meta.dirname, 'data/corpus-more');
const work = mkdtempSync(path.join(tmpdir(), 'agentlog-qwen-pi-index-'));
const cache = path.join(work, 'cache');
const logs = path.join(work, 'logs');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const qwen = path.join(logs, 'qwen', '69f0814a-8bfc-4c8e-93d3-05757f17b96f.jsonl');
const pi = path.join(logs, 'pi', '2026-07-09T21-27-45-067Z_real-world-uuid.jsonl');

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

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('Qwen Code and Pi files in the index', () => {
  it('grown sessions give the reports of a fresh read', async () => {
    mkdirSync(path.dirname(qwen), { recursive: true });
    mkdirSync(path.dirname(pi), { recursive: true });
    copyFileSync(
      path.join(corpus, 'qwen-code/Piebald-AI__splitrail/src/analyzers/tests/source_data/qwen_code.jsonl'),
      qwen,
    );
    copyFileSync(
      path.join(
        corpus,
        'pi/specstoryai__getspecstory/specstory-cli/pkg/providers/piagent/testdata/real_world.jsonl',
      ),
      pi,
    );
    const before = await reports();
    expect(before.cached).toEqual(before.fresh);

    // Qwen Code: one more iteration that calls glob, and the call's failed result.
    const base = {
      sessionId: '69f0814a-8bfc-4c8e-93d3-05757f17b96f',
      cwd: '/tmp/qwentest',
      version: '0.18.1',
    };
    appendFileSync(
      qwen,
      line({
        ...base,
        uuid: 'q-new-1',
        parentUuid: 'f134fbd1-97bd-4cbe-90f3-3ecdfbbc681c',
        timestamp: '2026-06-15T14:41:00.000Z',
        type: 'assistant',
        model: 'coder-model',
        message: {
          role: 'model',
          parts: [{ functionCall: { id: 'call_2', name: 'glob', args: { pattern: '*.md' } } }],
        },
        usageMetadata: {
          promptTokenCount: 700,
          candidatesTokenCount: 7,
          cachedContentTokenCount: 600,
          totalTokenCount: 707,
        },
      }) +
        line({
          ...base,
          uuid: 'q-new-2',
          parentUuid: 'q-new-1',
          timestamp: '2026-06-15T14:41:01.000Z',
          type: 'tool_result',
          message: {
            role: 'user',
            parts: [
              { functionResponse: { id: 'call_2', name: 'glob', response: { error: 'No files found' } } },
            ],
          },
          toolCallResult: { callId: 'call_2', status: 'error', errorType: 'glob_execution_error' },
        }),
    );
    // Pi: a branch from the first prompt (`/tree`), with a new answer that reads a file.
    appendFileSync(
      pi,
      line({
        type: 'branch_summary',
        id: 'b0000001',
        parentId: '98e5e6ae',
        timestamp: '2026-07-09T21:32:00.000Z',
        fromId: '7d7e89a8',
        summary: 'left the summary',
      }) +
        line({
          type: 'message',
          id: 'b0000002',
          parentId: 'b0000001',
          timestamp: '2026-07-09T21:32:05.000Z',
          message: {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'pi-new', name: 'read', arguments: { path: 'go.mod' } }],
            provider: 'fireworks',
            model: 'accounts/fireworks/routers/glm-5p2-fast',
            usage: {
              input: 100,
              output: 10,
              cacheRead: 16000,
              cacheWrite: 0,
              totalTokens: 16110,
              cost: { total: 0.001 },
            },
            stopReason: 'toolUse',
            timestamp: 1783632725000,
          },
        }),
    );
    const after = await reports();
    expect(after.cached).toEqual(after.fresh);
    expect(after.cached).not.toEqual(before.cached);
    const report = JSON.parse(after.cached[0] ?? '{}');
    // Qwen: list_directory and glob; Pi: the two reads and the new one.
    expect(report.sessions.toolCalls).toBe(5);
    expect(report.tools.find((t: { tool: string }) => t.tool === 'glob')).toMatchObject({
      calls: 1,
      errors: 1,
    });
    const validate = JSON.parse(after.cached[1] ?? '{}');
    expect(validate.records.branch_summary).toBe(1);
    expect(validate.toolCalls.glob).toBe(1);
  }, 120_000);
});
