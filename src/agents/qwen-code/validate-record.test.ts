import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectValidation, collectValidationOfText } from '../test-support/collect-validation.js';
import { validateQwenCodeLine } from './validate-record.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('validateQwenCodeLine on the corpus-more Qwen Code files', () => {
  for (const file of filesUnder(path.resolve('test/data/corpus-more/qwen-code'))) {
    it(path.basename(file), () => {
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const calls = lines.flatMap((l) =>
        (
          (JSON.parse(l) as { message?: { parts?: { functionCall?: { name: string } }[] } }).message?.parts ??
          []
        ).filter((p) => p.functionCall !== undefined),
      );
      const collected = collectValidation(file, validateQwenCodeLine);
      expect(Object.values(collected.records).reduce((a, b) => a + b, 0)).toBe(lines.length);
      expect(collected.toolCalls).toHaveLength(calls.length);
      expect(collected.unknownRecordTypes).toEqual([]);
      // The trimmed fixture names its tool "[trimmed for fixture]".
      expect(collected.unknownTools.filter((t) => !t.startsWith('[trimmed'))).toEqual([]);
      expect(collected.issues).toEqual([]);
      expect(collected.unknownFields).toEqual([]);
    });
  }
  it('reports an unknown subtype, a new field and a bad tool input', () => {
    const base = {
      uuid: 'u',
      parentUuid: null,
      sessionId: 's',
      timestamp: 't',
      cwd: '/p',
      version: '0.30.0',
    };
    const lines = [
      { ...base, type: 'system', subtype: 'brand_new', systemPayload: {} },
      { ...base, type: 'user', message: { role: 'user', parts: [{ text: 'hi' }] }, mood: 'good' },
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'model',
          parts: [{ functionCall: { id: 'c', name: 'run_shell_command', args: {} } }],
        },
      },
    ];
    const text = lines.map((v) => JSON.stringify(v)).join('\n');
    const sink = collectValidationOfText('s.jsonl', text, validateQwenCodeLine);
    expect(sink.unknownRecordTypes).toEqual(['system:brand_new']);
    expect(sink.unknownFields).toEqual(['qwen-code:user mood']);
    expect(sink.issues.map((i) => [i.subject, i.path.join('.')])).toEqual([
      ['qwen-code-tool:run_shell_command:input', 'command'],
    ]);
    expect(sink.versions).toEqual(['qwen-code 0.30.0']);
  });
});
