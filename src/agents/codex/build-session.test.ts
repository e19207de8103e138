import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/temp-dir.js';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import type { RecordFile } from '../record-file.js';
import { buildCodexSession } from './build-session.js';
import { uuidV7Time } from './codex-fold.js';

/** A rollout file from envelope lines (timestamps are re-stamped on replay, so they carry no meaning here). */
function rollout(file: string, lines: { type: string; payload: Record<string, unknown> }[]): RecordFile {
  return {
    file,
    records: lines.map((line, i) => ({
      value: { timestamp: `2026-03-01T10:00:${String(i).padStart(2, '0')}.000Z`, ...line },
      location: { file, line: i + 1 },
    })),
    counts: {
      lines: lines.length,
      blankLines: 0,
      records: lines.length,
      errors: 0,
      recordsByType: {},
      unknownRecordTypes: {},
    },
    problems: [],
  };
}

/** A UUIDv7 whose time is `ms`. */
function v7(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

const tokens = (total: [number, number, number], last?: [number, number, number]) => ({
  type: 'token_count',
  info: {
    total_token_usage: {
      input_tokens: total[0],
      cached_input_tokens: total[1],
      output_tokens: total[2],
      reasoning_output_tokens: 0,
    },
    ...(last
      ? {
          last_token_usage: {
            input_tokens: last[0],
            cached_input_tokens: last[1],
            output_tokens: last[2],
            reasoning_output_tokens: 0,
          },
        }
      : {}),
  },
});

const forkTime = Date.parse('2026-03-01T12:00:00.000Z');
const parentId = '019c0000-0000-7000-8000-00000000aaaa';
const childId = '019c0000-0000-7000-8000-00000000bbbb';

describe('buildCodexSession', () => {
  it('reads the time of a UUIDv7', () => {
    expect(uuidV7Time(v7(forkTime))).toBe(forkTime);
    expect(uuidV7Time('4b0f7c0e-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('does not count the history a fork replays from its parent', () => {
    const file = rollout('/x/rollout-fork.jsonl', [
      {
        type: 'session_meta',
        payload: {
          id: childId,
          forked_from_id: parentId,
          timestamp: new Date(forkTime).toISOString(),
          cwd: '/w',
          cli_version: '0.90.0',
        },
      },
      // Replayed parent history: its meta, a turn from before the fork, a call, cumulative usage.
      { type: 'session_meta', payload: { id: parentId, timestamp: '2026-03-01T09:00:00.000Z', cwd: '/w' } },
      { type: 'turn_context', payload: { turn_id: v7(forkTime - 60_000), model: 'gpt-5-codex', cwd: '/w' } },
      {
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'parent prompt' }] },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'shell',
          arguments: '{"command":["ls"]}',
          call_id: 'call_parent',
        },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          call_id: 'call_parent',
          output: '{"output":"a\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}',
        },
      },
      { type: 'event_msg', payload: tokens([1000, 200, 50], [1000, 200, 50]) },
      // The fork's own turn: usage totals keep counting from the parent's; this event has no last_token_usage.
      { type: 'turn_context', payload: { turn_id: v7(forkTime + 1000), model: 'gpt-5-codex', cwd: '/w' } },
      {
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'child prompt' }] },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'shell',
          arguments: '{"command":["false"]}',
          call_id: 'call_child',
        },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          call_id: 'call_child',
          output: 'Exit code: 1\nWall time: 0.2 seconds\nOutput:\n',
        },
      },
      { type: 'event_msg', payload: tokens([1300, 400, 80]) },
    ]);
    const session = buildCodexSession(file);
    expect(session.id).toBe(childId);
    expect(session.forkedFromId).toBe(parentId);
    expect(session.toolCalls.map((c) => [c.id, c.status, c.result?.exitCode])).toEqual([
      ['call_child', 'error', 1],
    ]);
    // Only the difference of the totals: input 300 (of which 200 cached), output 30.
    expect(session.usage).toMatchObject({ inputTokens: 100, cacheReadTokens: 200, outputTokens: 30 });
    expect(session.title).toBe('child prompt');
    const parentPrompt = session.messages.find((m) =>
      m.parts.some((p) => p.type === 'text' && p.text === 'parent prompt'),
    );
    expect(parentPrompt?.offBranch).toBe(true);
  });

  it('moves a sub-agent rollout under its parent and links the spawning call', async () => {
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const path = await import('node:path');
    const dir = tempDir('codex');
    const day = path.join(dir, 'sessions', '2026', '03', '01');
    mkdirSync(day, { recursive: true });
    const write = (name: string, lines: unknown[]) =>
      writeFileSync(
        path.join(day, name),
        `${lines.map((l) => JSON.stringify({ timestamp: '2026-03-01T10:00:00.000Z', ...(l as object) })).join('\n')}\n`,
      );
    write(`rollout-2026-03-01T10-00-00-${parentId}.jsonl`, [
      {
        type: 'session_meta',
        payload: { id: parentId, timestamp: '2026-03-01T10:00:00.000Z', cwd: '/w', cli_version: '0.90.0' },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'spawn_agent',
          arguments: '{"message":"review the diff"}',
          call_id: 'call_spawn',
        },
      },
      {
        type: 'response_item',
        payload: { type: 'function_call_output', call_id: 'call_spawn', output: `{"agent_id":"${childId}"}` },
      },
    ]);
    write(`rollout-2026-03-01T10-00-01-${childId}.jsonl`, [
      {
        type: 'session_meta',
        payload: {
          id: childId,
          timestamp: '2026-03-01T10:00:01.000Z',
          cwd: '/w',
          source: { subagent: { thread_spawn: { parent_thread_id: parentId, depth: 1 } } },
        },
      },
      {
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: 'shell',
          arguments: '{"command":["git","diff"]}',
          call_id: 'call_diff',
        },
      },
    ]);
    const { discoverPaths } = await import('../../sources/index.js');
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    expect(sessions.map((s) => s.id)).toEqual([parentId]);
    const [parent] = sessions;
    expect(parent?.subagents).toHaveLength(1);
    expect(parent?.subagents[0]).toMatchObject({
      agentId: childId,
      toolCallId: 'call_spawn',
      linkedBy: 'codex-parent-thread',
    });
    expect(parent?.toolCalls[0]?.subagentId).toBe(childId);
    expect(parent?.subagents[0]?.session.toolCalls.map((c) => c.status)).toEqual(['missing']);
  });
});

describe('old-era rollouts', () => {
  it('takes the cwd from the environment context when the meta has none', () => {
    const file: RecordFile = {
      file: '/x/rollout-old.jsonl',
      records: [
        { id: 'c1b2', timestamp: '2025-08-01T10:00:00.000Z', instructions: null },
        { record_type: 'state' },
        {
          type: 'message',
          role: 'user',
          content: [
            {
              type: 'input_text',
              text: '<environment_context>\n  <cwd>/home/me/app</cwd>\n</environment_context>',
            },
          ],
        },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'fix the build' }] },
      ].map((value, i) => ({ value, location: { file: '/x/rollout-old.jsonl', line: i + 1 } })),
      counts: { lines: 4, blankLines: 0, records: 4, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
      problems: [],
    };
    const session = buildCodexSession(file);
    expect(session).toMatchObject({
      id: 'c1b2',
      cwd: '/home/me/app',
      project: 'app',
      title: 'fix the build',
    });
  });
});
