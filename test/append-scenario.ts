// Running Claude Code sessions written step by step for the append tests: record makers (prompts, responses,
// Task calls and their results, agent_progress copies), and `runSteps`, which writes each step into a logs
// folder, refreshes an index after each one and compares it with an index built fresh from the files.
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect } from 'vitest';
import { indexFileName } from '../src/cache/cache-location.js';
import { indexAnswers, indexContents, later } from './index-compare.js';
import { refreshed, tempDir } from './index-helpers.js';

export const SID = '7c4e2b90-1f3a-4d6b-8e5c-2a9d0f1b3c47';
export const MAIN = `${SID}.jsonl`;
export const sub = (id: string) => `${SID}/subagents/agent-${id}.jsonl`;
export const meta = (id: string) => `${SID}/subagents/agent-${id}.meta.json`;

/** Record times: one second apart, in the order the records are made. */
let clock = Date.parse('2026-02-01T10:00:00.000Z');
function ts(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

const base = (agentId?: string) => ({
  isSidechain: agentId !== undefined,
  userType: 'external',
  cwd: '/home/me/app',
  sessionId: SID,
  version: '2.1.30',
  gitBranch: 'main',
  ...(agentId === undefined ? {} : { agentId }),
});

export function user(uuid: string, parent: string | null, content: unknown, agentId?: string, extra = {}) {
  return JSON.stringify({
    parentUuid: parent,
    ...base(agentId),
    type: 'user',
    message: { role: 'user', content },
    uuid,
    timestamp: ts(),
    ...extra,
  });
}

export const usage = (input: number, output: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: output,
  service_tier: 'standard',
});

export function assistant(
  uuid: string,
  parent: string | null,
  msgId: string,
  requestId: string,
  content: unknown[],
  u = usage(10, 5),
  agentId?: string,
  model = 'claude-opus-4-5-20251101',
) {
  return JSON.stringify({
    parentUuid: parent,
    ...base(agentId),
    type: 'assistant',
    message: { model, id: msgId, type: 'message', role: 'assistant', content, stop_reason: null, usage: u },
    requestId,
    uuid,
    timestamp: ts(),
  });
}

export const task = (id: string, prompt: string) => ({
  type: 'tool_use',
  id,
  name: 'Task',
  input: { description: `d-${id}`, prompt, subagent_type: 'Explore' },
});

export function taskResult(uuid: string, parent: string, callId: string, agentId?: string, text = 'done') {
  return user(
    uuid,
    parent,
    [{ type: 'tool_result', tool_use_id: callId, content: [{ type: 'text', text }] }],
    undefined,
    {
      ...(agentId === undefined ? {} : { toolUseResult: { status: 'completed', agentId, content: [] } }),
    },
  );
}

/** An agent_progress record in the main file streaming a subagent's response. */
export function progress(
  uuid: string,
  parent: string,
  agentId: string,
  callId: string | undefined,
  msgId: string,
  requestId: string,
  u = usage(10, 5),
  innerUuid = `${uuid}-in`,
) {
  const t = ts();
  return JSON.stringify({
    parentUuid: parent,
    ...base(),
    type: 'progress',
    data: {
      message: {
        type: 'assistant',
        message: {
          model: 'claude-haiku-4-5-20251001',
          id: msgId,
          type: 'message',
          role: 'assistant',
          content: [{ type: 'text', text: 'x' }],
          usage: u,
        },
        requestId,
        uuid: innerUuid,
        timestamp: t,
      },
      normalizedMessages: [],
      type: 'agent_progress',
      prompt: 'p',
      agentId,
    },
    toolUseID: `agent_msg_${uuid}`,
    ...(callId === undefined ? {} : { parentToolUseID: callId }),
    uuid,
    timestamp: t,
  });
}

/** One step: lines to append to files (relative paths), or whole JSON files to write (`.json`). */
export type Step = Record<string, string[] | object>;

/**
 * Writes each step into a fresh logs folder, refreshes the cached index and a fresh one after each step,
 * compares them. Returns per step whether the unit was appended/built. Does not stop at the first difference
 * when `collect` is set: returns the steps that differed.
 */
export async function runSteps(steps: Step[], opts: { collect?: boolean } = {}) {
  const logs = tempDir('rv-logs');
  const cache = tempDir('rv-cache');
  const fresh = tempDir('rv-fresh');
  const log: {
    appended: number;
    fromLastPrompt: number;
    built: number;
    equal: boolean;
    answersEqual: boolean;
  }[] = [];
  try {
    for (const [i, step] of steps.entries()) {
      for (const [file, content] of Object.entries(step)) {
        const target = path.join(logs, file);
        mkdirSync(path.dirname(target), { recursive: true });
        if (Array.isArray(content))
          appendFileSync(
            target,
            content.map((l) => (l.endsWith('\u0000') ? l.slice(0, -1) : `${l}\n`)).join(''),
          );
        else writeFileSync(target, JSON.stringify(content));
        if (existsSync(target)) later(target);
      }
      const { stats } = await refreshed(cache, logs);
      rmSync(fresh, { recursive: true, force: true });
      await refreshed(fresh, logs);
      const a = indexContents(cache);
      const b = indexContents(fresh);
      const equal = JSON.stringify(a) === JSON.stringify(b);
      const [answers, freshAnswers] = [await indexAnswers(cache, logs), await indexAnswers(fresh, logs)];
      const answersEqual = JSON.stringify(answers) === JSON.stringify(freshAnswers);
      log.push({
        appended: stats.unitsAppended,
        fromLastPrompt: stats.unitsAppendedFromLastPrompt,
        built: stats.unitsBuilt,
        equal,
        answersEqual,
      });
      if (!opts.collect) {
        expect(a, `after step ${i + 1} of ${steps.length}`).toEqual(b);
        expect(answers, `answers after step ${i + 1} of ${steps.length}`).toStrictEqual(freshAnswers);
      }
    }
    return { log, cache, logs };
  } finally {
    for (const dir of [logs, fresh]) rmSync(dir, { recursive: true, force: true });
    caches.push(cache);
  }
}

/** Rows of a query on an index folder. */
export function query(cacheDir: string, sql: string): unknown[] {
  const db = new Database(path.join(cacheDir, indexFileName), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const caches: string[] = [];
afterAll(() => {
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
});
