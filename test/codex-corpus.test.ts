import { describe, expect, it } from 'vitest';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusFiles, corpusPath, isCodexFile, naiveRecords } from './corpus.js';

async function session(relative: string) {
  const { files } = await discoverPaths([corpusPath(relative)]);
  const [built] = await loadSessions(files);
  if (!built) throw new Error(`no session in ${relative}`);
  return built;
}

describe('Codex rollouts in the model', () => {
  it('usage of a 0.77 exec rollout equals the hand computation', async () => {
    const s = await session(
      'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl',
    );
    // token_count events (input, cached, output, reasoning), `last_token_usage`:
    //   (7266, 0, 115, 64) then the same totals re-emitted (dropped),
    //   (7546, 7296, 60, 0) then re-emitted (dropped),
    //   (7662, 7552, 125, 64).
    // Sum: input 7266 + 7546 + 7662 = 22474, cached 0 + 7296 + 7552 = 14848, output 115 + 60 + 125 = 300,
    // reasoning 64 + 0 + 64 = 128: equal to the last cumulative total_token_usage (22474, 14848, 300, 128).
    // agentlog splits input: uncached 22474 - 14848 = 7626, cache read 14848.
    expect(s.usage).toEqual({
      inputTokens: 7626,
      outputTokens: 300,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      cacheReadTokens: 14848,
      reasoningTokens: 128,
      webSearchRequests: 0,
    });
    expect(s.usageEntries).toHaveLength(3);
    expect(Object.keys(s.usageByModel)).toEqual(['gpt-5-1-codex-2025-11-13']);
    expect(s.meta.reemittedTokenCounts).toBe(2);
  });

  it('usage of a 0.58 rollout equals the hand computation', async () => {
    const s = await session(
      'AcidicSoil__codex-session-view/.sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
    );
    // 79 token_count events: 1 with info null, and 39 distinct requests, each re-emitted once (39 dropped).
    // jq: keep last_token_usage where total_token_usage differs from the previous event's, then add:
    //   input 1,099,261, cached 1,027,328, output 22,305, reasoning 19,520 (= the final cumulative total).
    // Uncached input: 1,099,261 - 1,027,328 = 71,933.
    expect(s.usage).toEqual({
      inputTokens: 71_933,
      outputTokens: 22_305,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      cacheReadTokens: 1_027_328,
      reasoningTokens: 19_520,
      webSearchRequests: 0,
    });
    expect(s.usageEntries).toHaveLength(39);
    expect(s.models).toEqual(['gpt-5.1-codex']);
  });

  it('pairs every call and output that exist, by call_id', async () => {
    for (const file of corpusFiles().filter(isCodexFile)) {
      const calls = new Set<string>();
      const outputs = new Set<string>();
      for (const record of naiveRecords(file)) {
        const p = (record.payload ?? record) as { type?: string; call_id?: string };
        if (!p.call_id) continue;
        if (p.type === 'function_call' || p.type === 'custom_tool_call' || p.type === 'local_shell_call')
          calls.add(p.call_id);
        if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') outputs.add(p.call_id);
      }
      const s = await session(file.slice(corpusPath('').length));
      const paired = s.toolCalls.filter((c) => c.result && c.status !== 'orphan_result').map((c) => c.id);
      expect(new Set(paired), file).toEqual(new Set([...calls].filter((id) => outputs.has(id))));
      const orphans = s.toolCalls.filter((c) => c.status === 'orphan_result').map((c) => c.id);
      expect(new Set(orphans), file).toEqual(new Set([...outputs].filter((id) => !calls.has(id))));
      for (const call of s.toolCalls)
        if (!call.result && call.name !== 'web_search')
          expect(['missing', 'interrupted']).toContain(call.status);
    }
  });

  it('reads exit codes and durations from both output encodings', async () => {
    const s = await session(
      'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl',
    );
    // The second call: {"output":"docs/AGENTS.md\n","metadata":{"exit_code":0,"duration_seconds":0.4}}.
    const call = s.toolCalls.find((c) => c.id === 'call_GJwkZaB7U9xw2agS4AgfU0iw');
    expect(call).toMatchObject({
      name: 'shell',
      status: 'ok',
      durationMs: 400,
      result: { exitCode: 0, text: 'docs/AGENTS.md\n' },
    });
    expect(s).toMatchObject({
      agent: 'codex',
      cwd: '/Users/Nikita_Levyankov/repos/EPMCDME/codemie-ai/codemie-code',
      versions: ['0.77.0'],
    });
    expect(s.meta.originator).toBe('codex_exec');
  });
});
