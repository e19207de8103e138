import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeQwenCodeRecord, looksLikeQwenCodeRecord } from './decode-record.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const base = {
  uuid: 'u',
  parentUuid: null,
  sessionId: 's',
  timestamp: '2026-01-01T00:00:00.000Z',
  cwd: '/p',
  version: '0.21.7',
};

describe('decodeQwenCodeRecord', () => {
  it('knows every record of the corpus files and finds no schema issue in them', () => {
    for (const file of filesUnder(path.resolve('test/data/corpus-more/qwen-code')))
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const decoded = decodeQwenCodeRecord(JSON.parse(line), 'full');
        expect(decoded.known, `${file}: ${decoded.name}`).toBe(true);
        expect(decoded.issues).toEqual([]);
      }
  });
  it('counts system records by subtype and keeps unknown subtypes and types as unknown', () => {
    expect(
      decodeQwenCodeRecord({ ...base, type: 'system', subtype: 'ui_telemetry' }, 'envelope'),
    ).toMatchObject({
      name: 'system:ui_telemetry',
      known: true,
    });
    expect(decodeQwenCodeRecord({ ...base, type: 'system', subtype: 'brand_new' }, 'envelope')).toMatchObject(
      {
        name: 'system:brand_new',
        known: false,
      },
    );
    expect(decodeQwenCodeRecord({ ...base, type: 'summary' }, 'full')).toMatchObject({
      known: false,
      issues: [],
    });
  });
  it('locates schema issues in full mode', () => {
    const decoded = decodeQwenCodeRecord(
      { ...base, type: 'assistant', usageMetadata: { promptTokenCount: '12' } },
      'full',
    );
    expect(decoded.issues.map((i) => i.path)).toEqual([['usageMetadata', 'promptTokenCount']]);
    const title = decodeQwenCodeRecord(
      { ...base, type: 'system', subtype: 'custom_title', systemPayload: {} },
      'full',
    );
    expect(title.issues.map((i) => i.path)).toEqual([['systemPayload', 'customTitle']]);
  });
  it('recognises a chat file by its first record', () => {
    expect(looksLikeQwenCodeRecord({ ...base, type: 'user', message: { role: 'user', parts: [] } })).toBe(
      true,
    );
    expect(looksLikeQwenCodeRecord({ ...base, type: 'user', message: { role: 'user', content: 'hi' } })).toBe(
      false,
    );
  });
});

describe('qwenCodeSchemasByName', () => {
  it('has a schema for every record name of the corpus, and each accepts its records', async () => {
    const { qwenCodeSchemasByName } = await import('./schemas/qwen-code-records.js');
    for (const file of filesUnder(path.resolve('test/data/corpus-more/qwen-code')))
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const value = JSON.parse(line);
        const schema = qwenCodeSchemasByName[decodeQwenCodeRecord(value, 'envelope').name];
        expect(schema?.safeParse(value).success).toBe(true);
      }
  });
});

it('every Qwen Code record schema converts to JSON Schema (the docs and `schema` use it)', async () => {
  const { z } = await import('zod');
  const { qwenCodeSchemasByName } = await import('./schemas/qwen-code-records.js');
  for (const [name, schema] of Object.entries(qwenCodeSchemasByName))
    expect(() => z.toJSONSchema(schema, { io: 'input' }), name).not.toThrow();
});
