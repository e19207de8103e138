import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectValidation, collectValidationOfText } from '../test-support/collect-validation.js';
import { validatePiLine } from './validate-record.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('validatePiLine on the corpus-more Pi files', () => {
  for (const file of filesUnder(path.resolve('test/data/corpus-more/pi'))) {
    it(path.basename(file), () => {
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const calls = lines.flatMap((l) => {
        const content = (JSON.parse(l) as { message?: { content?: unknown } }).message?.content;
        return Array.isArray(content)
          ? (content as { type: string }[]).filter((b) => b.type === 'toolCall')
          : [];
      });
      const collected = collectValidation(file, validatePiLine);
      expect(Object.values(collected.records).reduce((a, b) => a + b, 0)).toBe(lines.length);
      expect(collected.toolCalls).toHaveLength(calls.length);
      expect(collected.unknownRecordTypes).toEqual([]);
      expect(collected.unknownTools).toEqual([]);
      expect(collected.issues).toEqual([]);
      expect(collected.unknownFields).toEqual([]);
      expect(collected.versions).toHaveLength(1);
    });
  }
  it('reports an unknown entry type, a new field and a bad tool input', () => {
    const lines = [
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/p' },
      { type: 'bookmark', id: 'a', parentId: null, timestamp: 't' },
      { type: 'model_change', id: 'b', parentId: 'a', timestamp: 't', modelId: 'm', brandNew: 1 },
      {
        type: 'message',
        id: 'c',
        parentId: 'b',
        timestamp: 't',
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: 'x', name: 'read', arguments: { offset: 1 } }],
        },
      },
    ];
    const text = lines.map((v) => JSON.stringify(v)).join('\n');
    const sink = collectValidationOfText('s.jsonl', text, validatePiLine);
    expect(sink.unknownRecordTypes).toEqual(['bookmark']);
    expect(sink.unknownFields).toEqual(['pi:model_change brandNew']);
    expect(sink.issues.map((i) => [i.subject, i.path.join('.')])).toEqual([['pi-tool:read:input', 'path']]);
  });
});
