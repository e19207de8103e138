// Two agents can name different tools alike (Pi's `bash` and Copilot CLI's `bash`): the inventory keeps them
// apart by agent, and the table says whose each row is. Counted from the corpus-more files with a plain scan.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

const corpusMore = path.resolve(import.meta.dirname, 'data/corpus-more');

/** `bash` calls in a JSONL file: Pi's `toolCall` blocks, Copilot's `tool.execution_start` records. */
function bashCalls(file: string): number {
  let n = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as {
      type?: string;
      data?: { toolName?: string };
      message?: { content?: { type?: string; name?: string }[] };
    };
    if (value.type === 'tool.execution_start' && value.data?.toolName === 'bash') n += 1;
    for (const block of Array.isArray(value.message?.content) ? value.message.content : [])
      if (block?.type === 'toolCall' && block.name === 'bash') n += 1;
  }
  return n;
}

describe('tools of two agents with one name', () => {
  it('are two rows, each named with its agent', async () => {
    const pi = path.join(
      corpusMore,
      'pi/badlogic__pi-mono/packages/coding-agent/test/fixtures/large-session.jsonl',
    );
    const copilot = path.join(
      corpusMore,
      'copilot-cli/specstoryai__getspecstory/specstory-cli/pkg/providers/copilotcli/testdata/tool-exercise.jsonl',
    );
    const io = memoryIo({ COLUMNS: '200' });
    expect(await runCli(['tools', pi, copilot, '--no-cache'], io)).toBe(0);
    const rows = io
      .out()
      .split('\n')
      .filter((line) => /\bbash\b/.test(line));
    const calls = (agent: string) =>
      Number(
        rows
          .find((r) => r.includes(`bash (${agent})`))
          ?.split('│')[2]
          ?.trim() ?? Number.NaN,
      );
    expect(calls('pi')).toBe(bashCalls(pi));
    expect(calls('copilot-cli')).toBe(bashCalls(copilot));
    expect(bashCalls(copilot)).toBeGreaterThan(0);
  });
});
