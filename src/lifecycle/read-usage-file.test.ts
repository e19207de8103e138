import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usageProjection } from '../agents/claude-code/usage-projection.js';
import { readRecordFile } from './load-sessions.js';
import { readUsageFile } from './read-usage-file.js';

// The usage reader takes the lines the shared reader takes (BOM, blank lines, `\r\n`, a broken line, lines
// longer than its 8 MiB chunks, no final newline), with each record cut down as `usageProjection` cuts it.
describe('readUsageFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-usage-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const record = (i: number, text: string, type = 'user') =>
    JSON.stringify({
      type,
      uuid: `u${i}`,
      sessionId: 's',
      timestamp: '2026-01-01T00:00:00Z',
      message: {
        role: type,
        id: type === 'assistant' ? `m${i}` : undefined,
        content: [{ type: 'text', text }],
      },
    });

  it('reads what readRecordFile reads', async () => {
    const big = 'x'.repeat(9 * 1024 * 1024);
    const file = path.join(dir, 'lines.jsonl');
    const lines = [
      record(1, 'a'),
      '',
      record(2, big),
      '  ',
      `${record(3, 'b', 'assistant')}\r`,
      record(4, big + big, 'assistant'),
      '{"type":"user","uuid":',
      record(5, 'c'),
    ];
    writeFileSync(file, `\ufeff${lines.join('\n')}`);
    const usage = await readUsageFile({ path: file, agent: 'claude-code' });
    const whole = await readRecordFile(file);
    expect(usage.records.length).toBe(5);
    expect(usage.records.map((r) => r.location)).toEqual(whole.records.map((r) => r.location));
    expect(usage.records.map((r) => r.value)).toEqual(whole.records.map((r) => usageProjection(r.value)));
    expect(usage.problems.map((p) => p.location)).toEqual(whole.problems.map((p) => p.location));
    const { recordsByType: _, ...counts } = whole.counts;
    expect(usage.counts).toMatchObject(counts);
  });

  it('reads a file of another shape as every command does', async () => {
    const file = path.join(dir, 'document.jsonl');
    writeFileSync(file, '{\n  "not": "lines"\n}\n');
    expect(await readUsageFile({ path: file, agent: 'claude-code' })).toEqual(await readRecordFile(file));
  });
});
