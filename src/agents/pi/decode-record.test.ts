import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePiRecord, looksLikePiSession } from './decode-record.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('decodePiRecord', () => {
  it('knows every entry of the corpus files and finds no schema issue in them', () => {
    for (const file of filesUnder(path.resolve('test/data/corpus-more/pi')))
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const decoded = decodePiRecord(JSON.parse(line), 'full');
        expect(decoded.known, decoded.name).toBe(true);
        expect(decoded.issues).toEqual([]);
      }
  });
  it('counts messages by role and keeps unknown types and roles as unknown', () => {
    expect(decodePiRecord({ type: 'message', message: { role: 'toolResult' } }, 'envelope')).toMatchObject({
      name: 'message:toolResult',
      known: true,
    });
    expect(decodePiRecord({ type: 'message', message: { role: 'narrator' } }, 'envelope').known).toBe(false);
    expect(decodePiRecord({ type: 'bookmark' }, 'envelope')).toMatchObject({
      name: 'bookmark',
      known: false,
    });
  });
  it('locates issues in the message of a known role', () => {
    const decoded = decodePiRecord(
      {
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: 't',
        message: { role: 'toolResult', content: [] },
      },
      'full',
    );
    expect(decoded.issues.map((i) => i.path)).toEqual([['message', 'toolCallId']]);
  });
  it('recognises a session file by its header', () => {
    expect(looksLikePiSession({ type: 'session', id: 'x', cwd: '/p', timestamp: 't' })).toBe(true);
    expect(looksLikePiSession({ type: 'session_meta', payload: {} })).toBe(false);
  });
});

describe('piSchemasByName', () => {
  it('has a schema for every record name of the corpus, and each accepts its entries', async () => {
    const { piSchemasByName } = await import('./schemas/pi-records.js');
    for (const file of filesUnder(path.resolve('test/data/corpus-more/pi')))
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const value = JSON.parse(line);
        const schema = piSchemasByName[decodePiRecord(value, 'envelope').name];
        expect(schema?.safeParse(value).success).toBe(true);
      }
  });
});

it('every Pi record schema converts to JSON Schema (the docs and `schema` use it)', async () => {
  const { z } = await import('zod');
  const { piSchemasByName } = await import('./schemas/pi-records.js');
  for (const [name, schema] of Object.entries(piSchemasByName))
    expect(() => z.toJSONSchema(schema, { io: 'input' }), name).not.toThrow();
});
