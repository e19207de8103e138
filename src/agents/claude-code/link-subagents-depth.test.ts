import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import { MAX_SUBAGENT_DEPTH } from '../../model/max-subagent-depth.js';
import type { Session } from '../../model/session.js';
import { discoverPaths } from '../../sources/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sessionId = '22222222-2222-4222-8222-222222222222';

/** Records of one transcript whose single Task call started subagent `next` (named in toolUseResult). */
function transcript(tag: string, next: string | undefined, sidechain: boolean): string {
  const base = {
    sessionId,
    cwd: '/tmp/nest',
    version: '2.1.0',
    isSidechain: sidechain,
    timestamp: '2026-01-01T00:00:00.000Z',
  };
  const toolId = `toolu_${tag}`;
  const records: object[] = [
    {
      ...base,
      type: 'user',
      uuid: `${tag}-u`,
      parentUuid: null,
      message: { role: 'user', content: `prompt ${tag}` },
    },
  ];
  if (next !== undefined)
    records.push(
      {
        ...base,
        type: 'assistant',
        uuid: `${tag}-a`,
        parentUuid: `${tag}-u`,
        requestId: `req_${tag}`,
        message: {
          id: `msg_${tag}`,
          role: 'assistant',
          model: 'claude-sonnet-4-5-20250929',
          content: [
            {
              type: 'tool_use',
              id: toolId,
              name: 'Task',
              input: { description: 'd', prompt: `prompt ${next}`, subagent_type: 'general-purpose' },
            },
          ],
        },
      },
      {
        ...base,
        type: 'user',
        uuid: `${tag}-r`,
        parentUuid: `${tag}-a`,
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolId, content: 'done' }] },
        toolUseResult: { agentId: next, status: 'completed' },
      },
    );
  return `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
}

describe('Claude Code subagents nested 40 deep', () => {
  it('nest at most the limit deep under their calls; the deeper ones stay subagents of the session', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-nest-'));
    dirs.push(dir);
    const project = path.join(dir, '-tmp-nest');
    const subagents = path.join(project, sessionId, 'subagents');
    mkdirSync(subagents, { recursive: true });
    const n = 40;
    const agent = (k: number) => `a${String(k).padStart(6, '0')}`;
    writeFileSync(path.join(project, `${sessionId}.jsonl`), transcript('main', agent(1), false));
    for (let k = 1; k <= n; k++)
      writeFileSync(
        path.join(subagents, `agent-${agent(k)}.jsonl`),
        transcript(agent(k), k < n ? agent(k + 1) : undefined, true),
      );
    const sessions = await loadSessions((await discoverPaths([dir])).files);
    expect(sessions).toHaveLength(1);
    const levels = new Map<string, number>();
    const stack: [Session, number][] = [[sessions[0] as Session, 0]];
    for (let item = stack.pop(); item; item = stack.pop()) {
      for (const sub of item[0].subagents) {
        levels.set(sub.agentId, item[1] + 1);
        stack.push([sub.session, item[1] + 1]);
      }
    }
    expect(levels.size).toBe(n);
    expect(Math.max(...levels.values())).toBe(MAX_SUBAGENT_DEPTH);
    for (let k = 1; k <= MAX_SUBAGENT_DEPTH; k++) expect(levels.get(agent(k))).toBe(k);
    for (let k = MAX_SUBAGENT_DEPTH + 1; k <= n; k++) expect(levels.get(agent(k))).toBe(1);
  });
});
