import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../src/analytics/session-summary.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import type { Session } from '../src/model/session.js';
import { corpusDir, corpusPath } from './corpus.js';

async function run(args: string[]) {
  const io = memoryIo({}, path.resolve(import.meta.dirname, '..'));
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const subagentSession =
  'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl';

describe('agentlog ls and show', () => {
  it('lists sessions newest first, with the counts of the model', async () => {
    const { code, out } = await run(['ls', corpusDir, '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as SessionSummary[];
    const starts = rows.map((r) => r.startTime ?? '');
    expect(starts).toEqual([...starts].sort().reverse());
    const row = rows.find((r) => r.id === '29ccd257-68b1-427f-ae5f-6524b7cb6f20');
    expect(row).toMatchObject({ agent: 'claude-code', toolCalls: 25, subagents: 1, errors: 0 });
    expect(rows.some((r) => r.agent === 'codex')).toBe(true);
  });

  it('filters by agent and date', async () => {
    const codex = JSON.parse(
      (await run(['ls', corpusDir, '--json', '--agent', 'codex'])).out,
    ) as SessionSummary[];
    expect(codex.length).toBeGreaterThan(0);
    expect(codex.every((r) => r.agent === 'codex')).toBe(true);
    const since = JSON.parse(
      (await run(['ls', corpusDir, '--json', '--since', '2026-01-01'])).out,
    ) as SessionSummary[];
    expect(since.every((r) => (r.endTime ?? '') >= '2026-01-01')).toBe(true);
  });

  it('rejects an invalid date in one sentence with exit code 2', async () => {
    const { code, err } = await run(['ls', corpusDir, '--since', 'yesterday']);
    expect(code).toBe(2);
    expect(err.trim()).toBe(
      'error: Option --since needs a date like "2026-01-31" or an ISO time, got "yesterday".',
    );
  });

  it('shows a transcript with subagent calls indented under the Task call', async () => {
    const { code, out } = await run(['show', corpusPath(subagentSession)]);
    expect(code).toBe(0);
    const lines = out.split('\n');
    const task = lines.findIndex((l) => l.includes('⏺ Task'));
    expect(task).toBeGreaterThan(0);
    expect(lines[task]).toMatch(/ok 1m 8s/);
    expect(lines[task + 1]).toContain('subagent a2271d1');
    expect(lines.slice(task + 2).filter((l) => l.includes('│') && l.includes('⏺ Bash')).length).toBe(12);
  });

  it('finds a session by id prefix and prints the model as JSON', async () => {
    const { code, out } = await run(['show', '29ccd257', '--in', corpusDir, '--json']);
    expect(code).toBe(0);
    const session = JSON.parse(out) as Session;
    expect(session.id).toBe('29ccd257-68b1-427f-ae5f-6524b7cb6f20');
    expect(session.subagents[0]?.session.toolCalls).toHaveLength(24);
  });

  it('says so when a session id is not found', async () => {
    const { code, err } = await run(['show', 'ffffffff', '--in', corpusDir]);
    expect(code).toBe(1);
    expect(err).toMatch(/^error: No session "ffffffff" in /);
  });

  it('shows a Codex rollout', async () => {
    const { code, out } = await run([
      'show',
      corpusPath(
        'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl',
      ),
    ]);
    expect(code).toBe(0);
    expect(out).toContain('what is current repository about?');
    expect(out).toMatch(/⏺ shell rg --files -g 'AGENTS.md' ok 400ms/);
  });
});
