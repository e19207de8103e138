import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

async function run(args: string[]) {
  const io = memoryIo({}, path.resolve(import.meta.dirname, '..'));
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const demoDir = path.resolve(import.meta.dirname, '../demo');

/** Demo paths are absolute on each machine: make them relative for the snapshot. */
function portable(text: string): string {
  return text.replaceAll(`${demoDir}/`, 'demo/');
}

describe('golden reports over the demo data', () => {
  it('report --json', async () => {
    const { code, out } = await run(['report', '--demo', '--json']);
    expect(code).toBe(0);
    await expect(portable(out)).toMatchFileSnapshot('__snapshots__/golden-report-demo.json');
  });

  it('report (text)', async () => {
    const { code, out, err } = await run(['report', '--demo']);
    expect(code).toBe(0);
    expect(err).toBe('');
    await expect(portable(out)).toMatchFileSnapshot('__snapshots__/golden-report-demo.txt');
  });

  it('tools --format md', async () => {
    const { code, out } = await run(['tools', '--demo', '--format', 'md']);
    expect(code).toBe(0);
    await expect(out).toMatchFileSnapshot('__snapshots__/golden-tools-demo.md');
  });

  // Checked by another route: jq over demo/claude, grouping assistant records by message.id|requestId with the
  // per-field maximum, for claude-opus-4-1: input 301, output 6,589, cache write 75,617 (30,230 of them 1-hour),
  // cache read 531,490; at $15 / $75 / $18.75 (5 min) / $30 (1 h) / $1.50 per million:
  // (301*15 + 6589*75 + 45387*18.75 + 30230*30 + 531490*1.5) / 1e6 = $3.0538, the $3.05 of the table.
  it('usage --by model', async () => {
    const { code, out } = await run(['usage', '--demo', '--by', 'model']);
    expect(code).toBe(0);
    await expect(out).toMatchFileSnapshot('__snapshots__/golden-usage-demo-by-model.txt');
  });
});
