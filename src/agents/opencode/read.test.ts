import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOpencodeStore } from './read.js';

const tree = path.resolve(
  import.meta.dirname,
  '../../../test/data/corpus-more/opencode/jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/opencode/storage_v2',
);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-opencode-read-'));
  dirs.push(dir);
  const storage = path.join(dir, 'storage');
  cpSync(tree, storage, { recursive: true });
  return storage;
}

describe('readOpencodeStore (storage tree)', () => {
  it("reads a session's documents in order: the session, each message with its parts by file name", async () => {
    const storage = copy();
    const read = await readOpencodeStore(path.join(storage, 'session/proj_test/ses_s_stage0_large.json'));
    const expected = [
      'session/proj_test/ses_s_stage0_large.json',
      ...readdirSync(path.join(storage, 'message/s_stage0_large'))
        .sort()
        .flatMap((m) => {
          const id = (
            JSON.parse(readFileSync(path.join(storage, 'message/s_stage0_large', m), 'utf8')) as {
              id: string;
            }
          ).id;
          return [
            `message/s_stage0_large/${m}`,
            ...readdirSync(path.join(storage, 'part', id))
              .sort()
              .map((p) => `part/${id}/${p}`),
          ];
        }),
    ];
    expect(read.records.map((r) => r.value.file)).toEqual(expected);
    expect(read.records.map((r) => r.line)).toEqual(expected.map((_, i) => i + 1));
    expect(read.errors).toEqual([]);
  });

  it('reports a document that does not parse at its place, naming it, and reads the others', async () => {
    const storage = copy();
    writeFileSync(path.join(storage, 'part/m_assistant_large_1/003.json'), '{"id": "p_file_large_1", ');
    const read = await readOpencodeStore(path.join(storage, 'session/proj_test/ses_s_stage0_large.json'));
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]?.message).toContain('part/m_assistant_large_1/003.json is not JSON');
    const lines = [...read.records.map((r) => r.line), ...read.errors.map((e) => e.line)].sort(
      (a, b) => a - b,
    );
    expect(lines).toEqual(lines.map((_, i) => i + 1));
  });
});
