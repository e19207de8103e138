import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAgentMeta } from './read-agent-meta.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentlog-meta-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function meta(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

describe('readAgentMeta', () => {
  it('reads toolUseId, agentType and keeps unknown keys', async () => {
    const file = await meta('a.meta.json', '{"toolUseId":"toolu_01","agentType":"Explore","extra":[1]}');
    expect(await readAgentMeta(file)).toEqual({ toolUseId: 'toolu_01', agentType: 'Explore', extra: [1] });
  });
  it('accepts a byte-order mark', async () => {
    expect(await readAgentMeta(await meta('bom.meta.json', '\uFEFF{"agentType":"Plan"}'))).toEqual({
      agentType: 'Plan',
    });
  });
  it('drops known keys of the wrong type', async () => {
    const file = await meta('typed.meta.json', '{"toolUseId":5,"agentType":null,"description":"d"}');
    expect(await readAgentMeta(file)).toEqual({ description: 'd' });
  });
  it('is undefined for missing, malformed or non-object files', async () => {
    expect(await readAgentMeta(path.join(dir, 'missing.meta.json'))).toBeUndefined();
    expect(await readAgentMeta(await meta('bad.meta.json', '{"toolUseId":'))).toBeUndefined();
    expect(await readAgentMeta(await meta('array.meta.json', '[1,2]'))).toBeUndefined();
    expect(await readAgentMeta(await meta('null.meta.json', 'null'))).toBeUndefined();
    expect(await readAgentMeta(dir)).toBeUndefined();
  });
});
