import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverDefault } from '../../sources/discover-default.js';

/**
 * Issue 16, point 5: a Codex rollout whose file name is not `rollout-*.jsonl` (a backup, a copy, a renamed
 * file) is still read from the Codex sessions folder when its first line is a session header; other
 * `.jsonl` files there are skipped with the reason.
 */
const T1 = '019a0000-0000-7000-8000-0000000000a1';
const T2 = '019a0000-0000-7000-8000-0000000000a2';
const T3 = '0197f3a2-0000-7000-8000-0000000000a3';
const meta = (id: string) =>
  `${JSON.stringify({ timestamp: '2025-11-17T10:00:00.000Z', type: 'session_meta', payload: { id, cwd: '/w', cli_version: '0.60.0', base_instructions: { text: 'x'.repeat(20_000) } } })}\n`;

let home = '';
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'agentlog-codex-names-'));
  const day = path.join(home, '.codex', 'sessions', '2025', '11', '17');
  await mkdir(day, { recursive: true });
  await writeFile(path.join(day, `rollout-2025-11-17T10-00-00-${T1}.jsonl`), meta(T1));
  await writeFile(path.join(day, 'backup-of-yesterday.jsonl'), meta(T2));
  await writeFile(
    path.join(day, 'old-bare-era.jsonl'),
    `${JSON.stringify({ id: T3, timestamp: '2025-07-01T09:00:00.000Z', instructions: null })}\n`,
  );
  await writeFile(path.join(day, 'notes.jsonl'), '{"type":"user"}\n');
  await writeFile(path.join(day, 'empty.jsonl'), '');
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('Codex discovery by session header', () => {
  it('reads any .jsonl under sessions/ that starts with a session header, with its id', async () => {
    const found = await discoverDefault({ env: {}, home });
    const codex = found.files.filter((f) => f.agent === 'codex');
    expect(codex.map((f) => [path.basename(f.path), f.sessionId])).toEqual([
      ['backup-of-yesterday.jsonl', T2],
      ['old-bare-era.jsonl', T3],
      [`rollout-2025-11-17T10-00-00-${T1}.jsonl`, T1],
    ]);
  });

  it('skips the others and says why', async () => {
    const found = await discoverDefault({ env: {}, home });
    expect(found.skipped.map((s) => [path.basename(s.path), s.reason])).toEqual([
      ['empty.jsonl', "Not a Codex rollout: its first line is empty; not named 'rollout-*.jsonl' either"],
      [
        'notes.jsonl',
        "Not a Codex rollout: its first line is not a session header (session_meta); not named 'rollout-*.jsonl' either",
      ],
    ]);
  });
});
