// Temporary folders that a test file removes when it is done. vitest.config.ts loads this module as a setup
// file, so the afterAll below is registered on each test file's root suite while the file is collected (vitest
// ignores a hook registered once tests run, in a beforeAll or a test body); the file's tests import the same
// module, so every folder tempDir makes, wherever it is called, is removed after the file's own afterAll hooks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/** A fresh temporary folder, `agentlog-<prefix>-XXXXXX` in the OS temp folder, removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `agentlog-${prefix}-`));
  made.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
