import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createRedactor,
  discoverPaths,
  exportDatasets,
  exportSessions,
  streamSessions,
  transcriptMarkdown,
} from '../src/index.js';
import { secretsDir, survivors } from './fake-secrets.js';

describe('export from the library', () => {
  it('streams sessions into NDJSON rows on any writable stream, redacted', async () => {
    const { files } = await discoverPaths([secretsDir]);
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const redactor = await createRedactor();
    const result = await exportSessions(
      streamSessions(files),
      [{ dataset: exportDatasets.tool_calls, format: 'ndjson', output: sink }],
      { redactor },
    );
    const rows = Buffer.concat(chunks)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(result).toEqual({ sessions: 2, rows: { tool_calls: rows.length } });
    expect(rows.map((r) => r.tool)).toEqual(
      expect.arrayContaining(['Bash', 'Write', 'Read', 'Edit', 'shell']),
    );
    expect(survivors(JSON.stringify(rows))).toEqual([]);
    expect(redactor.summary()['github-token']).toBeGreaterThan(0);
  });

  it('renders a transcript line by line', async () => {
    const { files } = await discoverPaths([secretsDir]);
    for await (const session of streamSessions(files, { filter: { agent: 'codex' } })) {
      const lines = [...transcriptMarkdown(session, 'minimal')];
      expect(lines[0]).toMatch(/^# /);
      expect(lines).toContain('- **Agent:** codex 0.46.0');
      expect(lines.filter((l) => l.startsWith('- **shell**'))).toHaveLength(3);
    }
  });
});
