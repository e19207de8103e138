import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectValidation } from '../test-support/collect-validation.js';
import { decodeCursorRecord, looksLikeCursorTranscript } from './decode-record.js';
import { lookupCursorTool } from './tools/cursor-tools.js';
import { validateCursorLine } from './validate-record.js';

function filesUnder(dir: string, ext = '.jsonl'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, ext) : name.endsWith(ext) ? [full] : [];
  });
}
const cursorFiles = filesUnder(path.resolve('test/data/corpus-more/cursor'));
const records = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('decodeCursorRecord', () => {
  it('knows every record with a role in the corpus and finds no schema issue in them', () => {
    for (const file of cursorFiles)
      for (const value of records(file)) {
        const decoded = decodeCursorRecord(value, 'full');
        expect(decoded.known, decoded.name).toBe(typeof value.role === 'string');
        expect(decoded.issues).toEqual([]);
      }
  });
  it('locates a malformed record', () => {
    expect(decodeCursorRecord({ role: 'user', message: { content: 'x' } }, 'full').issues[0]?.path).toEqual([
      'message',
      'content',
    ]);
    expect(decodeCursorRecord({ type: 'turn_ended' }, 'envelope')).toMatchObject({
      name: 'turn_ended',
      known: false,
    });
  });
});

describe('looksLikeCursorTranscript', () => {
  it('claims the first record of every Cursor transcript', () => {
    for (const file of cursorFiles)
      expect(looksLikeCursorTranscript(records(file)[0] ?? {}), file).toBe(true);
  });
  it("claims no other agent's first record", () => {
    const others = [
      ...filesUnder(path.resolve('test/data/corpus')),
      ...['qwen-code', 'pi', 'copilot-cli', 'gemini-cli'].flatMap((a) =>
        filesUnder(path.resolve('test/data/corpus-more', a)),
      ),
    ];
    expect(others.length).toBeGreaterThan(10);
    for (const file of others) {
      const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
      let value: unknown;
      try {
        value = JSON.parse(first);
      } catch {
        continue;
      }
      if (value && typeof value === 'object' && !Array.isArray(value))
        expect(looksLikeCursorTranscript(value as Record<string, unknown>), file).toBe(false);
    }
  });
});

describe('validateCursorLine', () => {
  it('reports the tools the corpus calls as known, and unknown blocks and keys as drift', () => {
    const names = new Set<string>();
    for (const file of cursorFiles) {
      const collected = collectValidation(file, validateCursorLine);
      expect(collected.unknownTools).toEqual([]);
      expect(collected.issues).toEqual([]);
      for (const value of records(file))
        for (const block of ((value.message as { content?: { type: string; name?: string }[] })?.content ??
          []) as { type: string; name?: string }[])
          if (block.type === 'tool_use' && block.name) names.add(block.name);
    }
    for (const name of names) expect(lookupCursorTool(name).kind, name).toBe('builtin');
    const drift = collectValidation(
      cursorFiles.find((f) => f.endsWith('schema_drift.jsonl')) as string,
      validateCursorLine,
    );
    expect(drift.unknownFields.join(' ')).toContain('type=tool_call');
    expect(drift.unknownFields.join(' ')).toContain('type=custom_block');
  });
});
