// What the time zone tests share: the CLI run in this process from the repository root (wide, so tables do
// not wrap), its --json output parsed, and the shape of `usage --json` they read.
import path from 'node:path';
import { expect } from 'vitest';
import { memoryIo } from '../../src/cli/output.js';
import { runCli } from '../../src/cli/run-cli.js';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const io = memoryIo({ COLUMNS: '200', ...env }, repoRoot);
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** The command's `--json` output (it must succeed). */
export async function json<T>(args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const result = await run([...args, '--json'], env);
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out) as T;
}

export interface Row {
  key: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

export interface UsageJson {
  rows: Row[];
  total: Row;
  timeZone: string;
}
