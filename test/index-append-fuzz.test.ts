// Seeded random running sessions, compared with a fresh build after every step: 1 to 3 parallel Task calls,
// subagent files that appear before or after their call's record, with or without a .meta.json, prompts that
// match or not, results that name their subagent in toolUseResult, in the text or not at all, agent_progress
// copies before or after the subagent's own record (some with more output, some without parentToolUseID),
// nested subagents that stream into the main file, unlinked compaction files, requests shared between
// subagent files, and lines cut across refreshes. AGENTLOG_FUZZ_SEEDS=a-b runs other seeds.
import { describe, expect, it } from 'vitest';
import {
  assistant,
  MAIN,
  meta,
  progress,
  query,
  runSteps,
  type Step,
  sub,
  task,
  taskResult,
  usage,
  user,
} from './append-scenario.js';

// A seeded random running session: parallel Task calls, subagent files, agent_progress copies, results.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Ev {
  file: string;
  line?: string;
  json?: object;
  t: number;
}

function scenario(seed: number, share: boolean): Step[] {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)] as T;
  const n = 1 + Math.floor(r() * 3);
  const ids = Array.from({ length: n }, (_, k) => `a${seed}x${k}`);
  const evs: Ev[] = [];
  let t = 0;
  const at = (file: string, line: string, time: number) => evs.push({ file, line, t: time });
  // main: prompt, then one API message split into n records, one Task call each
  at(MAIN, user('m-u1', null, 'Start'), t++);
  let parent = 'm-u1';
  const callOf = (k: number) => `toolu_c${seed}_${k}`;
  const same = r() < 0.35;
  const promptOf = (k: number) => (same ? 'Same prompt' : `Prompt number ${k}`);
  for (let k = 0; k < n; k++) {
    at(
      MAIN,
      assistant(`m-a${k}`, parent, 'msg_m1', 'req_m1', [task(callOf(k), promptOf(k))], usage(10, 3 + k)),
      t++,
    );
    parent = `m-a${k}`;
  }
  const lastTask = parent;
  let resultParent = lastTask;
  const finish: number[] = [];
  for (const [k, id] of ids.entries()) {
    const f = sub(id);
    let time = t + r() * 3 - 1; // sometimes before the Task call's record
    const withMeta = r() < 0.6;
    if (withMeta)
      evs.push({ file: meta(id), json: { agentType: 'Explore', toolUseId: callOf(k) }, t: time - 0.01 });
    const samePrompt = r() < 0.7;
    at(f, user(`${id}-u0`, null, samePrompt ? promptOf(k) : `other ${k}`, id), time);
    let p = `${id}-u0`;
    const turns = 1 + Math.floor(r() * 3);
    for (let j = 0; j < turns; j++) {
      const shared = share && k > 0 && j === 0 && r() < 0.5;
      const msg = shared ? `msg_${ids[0]}_0` : `msg_${id}_${j}`;
      const req = shared ? `req_${ids[0]}_0` : `req_${id}_${j}`;
      const parts = 1 + Math.floor(r() * 2);
      for (let q = 0; q < parts; q++) {
        time += r() * 2;
        const u = usage(20 + j, 1 + q * 7);
        const uuid = `${id}-a${j}-${q}`;
        const progressMode = r();
        // a copy streamed into the main file, before or after the subagent's own record, maybe with more output
        const copy = () =>
          at(
            MAIN,
            progress(
              `m-p-${id}-${j}-${q}`,
              lastTask,
              id,
              r() < 0.9 ? callOf(k) : undefined,
              msg,
              req,
              r() < 0.3 ? usage(20 + j, 40) : u,
              pick([uuid, `${uuid}-x`]),
            ),
            time + (r() - 0.5),
          );
        if (progressMode < 0.7) copy();
        if (progressMode < 0.15) copy();
        at(
          f,
          assistant(
            uuid,
            p,
            msg,
            req,
            q === parts - 1 ? [{ type: 'text', text: `answer ${j}` }] : [{ type: 'text', text: `part ${q}` }],
            u,
            id,
            'claude-haiku-4-5-20251001',
          ),
          time,
        );
        p = uuid;
      }
      if (j < turns - 1) {
        time += r();
        at(f, user(`${id}-u${j + 1}`, p, `go on ${j}`, id), time);
        p = `${id}-u${j + 1}`;
      }
    }
    if (k === 0 && r() < 0.3) {
      const nid = `n${seed}`;
      const ncall = `toolu_n${seed}`;
      time += 0.5;
      at(
        f,
        assistant(
          `${id}-nt`,
          p,
          `msg_${id}_nt`,
          `req_${id}_nt`,
          [task(ncall, 'Nested prompt')],
          usage(3, 3),
          id,
          'claude-haiku-4-5-20251001',
        ),
        time,
      );
      const nested = `${id}-nt`;
      if (r() < 0.5)
        evs.push({ file: meta(nid), json: { agentType: 'Explore', toolUseId: ncall }, t: time + 0.1 });
      at(sub(nid), user(`${nid}-u`, null, 'Nested prompt', nid), time + 0.2);
      at(
        sub(nid),
        assistant(
          `${nid}-a`,
          `${nid}-u`,
          `msg_${nid}`,
          `req_${nid}`,
          [{ type: 'text', text: 'N' }],
          usage(4, 4),
          nid,
          'claude-haiku-4-5-20251001',
        ),
        time + 0.4,
      );
      if (r() < 0.5)
        at(
          MAIN,
          progress(`m-pn${seed}`, lastTask, nid, ncall, `msg_${nid}`, `req_${nid}`, usage(4, 9)),
          time + 0.45,
        );
      time += 1;
      at(
        f,
        user(
          `${id}-nr`,
          nested,
          [{ type: 'tool_result', tool_use_id: ncall, content: [{ type: 'text', text: 'N' }] }],
          id,
          r() < 0.5 ? { toolUseResult: { agentId: nid } } : {},
        ),
        time,
      );
      p = `${id}-nr`;
      at(
        f,
        assistant(
          `${id}-z`,
          p,
          `msg_${id}_z`,
          `req_${id}_z`,
          [{ type: 'text', text: 'fin' }],
          usage(2, 2),
          id,
          'claude-haiku-4-5-20251001',
        ),
        time + 0.1,
      );
    }
    finish.push(time);
  }
  // results, in finishing order
  const order = ids.map((id, k) => ({ id, k, time: finish[k] as number })).sort((a, b) => a.time - b.time);
  for (const { id, k, time } of order) {
    const mode = r();
    const text = mode < 0.3 ? `done\nagentId: ${id}` : 'done';
    const uuid = `m-r${k}`;
    at(MAIN, taskResult(uuid, resultParent, callOf(k), mode > 0.6 ? id : undefined, text), time + 0.5);
    resultParent = uuid;
  }
  if (r() < 0.3) {
    const c = `acompact-${seed}`;
    const time = r() * (t + 6);
    at(sub(c), user(`${c}-u`, null, 'Summarize', c), time);
    at(
      sub(c),
      assistant(`${c}-a`, `${c}-u`, `msg_${c}`, `req_${c}`, [{ type: 'text', text: 'S' }], usage(7, 7), c),
      time + 0.1,
    );
  }
  const last = Math.max(...evs.map((e) => e.t)) + 1;
  at(
    MAIN,
    assistant('m-final', resultParent, 'msg_m2', 'req_m2', [{ type: 'text', text: 'All done' }]),
    last,
  );
  // stable by time, keeping each file's order
  const perFile = new Map<string, Ev[]>();
  for (const e of evs) perFile.set(e.file, [...(perFile.get(e.file) ?? []), e]);
  const merged: Ev[] = [];
  const queues = [...perFile.values()];
  for (;;) {
    let next: Ev[] | undefined;
    for (const q of queues) if (q.length > 0 && (!next || (q[0] as Ev).t < (next[0] as Ev).t)) next = q;
    if (!next) break;
    merged.push(next.shift() as Ev);
  }
  const steps: Step[] = [];
  let i = 0;
  while (i < merged.length) {
    const size = 1 + Math.floor(r() * 3);
    const step: Step = {};
    for (const e of merged.slice(i, i + size)) {
      if (e.json) step[e.file] = e.json;
      else step[e.file] = [...((step[e.file] as string[] | undefined) ?? []), e.line as string];
    }
    const cut = r();
    const lastEv = merged[Math.min(i + size, merged.length) - 1] as Ev;
    const nextStep: Step = {};
    if (cut < 0.3 && lastEv.line !== undefined && i + size < merged.length) {
      const lines = step[lastEv.file] as string[];
      const line = lines.pop() as string;
      const k = cut < 0.1 ? line.length : Math.floor(line.length * r());
      lines.push(`${line.slice(0, k)}\u0000`);
      nextStep[lastEv.file] = [line.slice(k)];
    }
    steps.push(step);
    i += size;
    if (Object.keys(nextStep).length > 0) {
      // the rest of the cut line comes first in the next step
      const size2 = 1 + Math.floor(r() * 3);
      for (const e of merged.slice(i, i + size2)) {
        if (e.json) nextStep[e.file] = e.json;
        else nextStep[e.file] = [...((nextStep[e.file] as string[] | undefined) ?? []), e.line as string];
      }
      steps.push(nextStep);
      i += size2;
    }
  }
  return steps;
}

const [first, last] = (process.env.AGENTLOG_FUZZ_SEEDS ?? '1-40').split('-').map(Number) as [number, number];
const totals = { appended: 0, built: 0 };
describe('random running sessions', () => {
  for (let seed = first; seed <= last; seed++)
    it(`equal a fresh build at every step (seed ${seed})`, async () => {
      // Every third seed lets subagent files share a request (it counts once, in the first file).
      const { log } = await runSteps(scenario(seed, seed % 3 === 0), { collect: true });
      expect(log.findIndex((s) => !s.equal || !s.answersEqual)).toBe(-1);
      for (const step of log.slice(1)) {
        totals.appended += step.appended;
        totals.built += step.built;
      }
    });
  // A read that ends in a cut line leaves no state (the line is read again), so the next step builds the unit;
  // so do nested subagents and responses streamed before their subagent's file exists.
  it('take most steps as appends', () => {
    expect(totals.appended).toBeGreaterThan(totals.built);
  });
});

describe('two subagent files new in one refresh that share a request', () => {
  const stepsFor = (together: boolean): Step[] => {
    const main = [
      user('m-u1', null, 'Do two things'),
      assistant('m-a1', 'm-u1', 'msg_main1', 'req_main1', [task('toolu_A', 'PA'), task('toolu_B', 'PB')]),
    ];
    const file = (id: string, prompt: string) => [
      user(`${id}-u1`, null, prompt, id),
      assistant(
        `${id}-a1`,
        `${id}-u1`,
        'msg_shared',
        'req_shared',
        [{ type: 'text', text: 'hi' }],
        usage(100, 50),
        id,
      ),
    ];
    const a = {
      [sub('aaa')]: file('aaa', 'PA'),
      [meta('aaa')]: { agentType: 'Explore', toolUseId: 'toolu_A' },
    };
    const b = {
      [sub('bbb')]: file('bbb', 'PB'),
      [meta('bbb')]: { agentType: 'Explore', toolUseId: 'toolu_B' },
    };
    return together ? [{ [MAIN]: main }, { ...a, ...b }] : [{ [MAIN]: main }, a, b];
  };
  it.each([[false], [true]])(
    'are appended, the request counted once (in one refresh: %s)',
    async (together) => {
      const { log, cache } = await runSteps(stepsFor(together));
      expect(log.slice(1).every((s) => s.appended === 1 && s.built === 0)).toBe(true);
      expect(
        query(cache, "SELECT session_id FROM usage_entries WHERE request_key = 'msg_shared|req_shared'"),
      ).toEqual([{ session_id: 'aaa' }]);
    },
  );
});

describe('a stored subagent whose .meta.json appears later', () => {
  const first = (): Step => ({
    [MAIN]: [
      user('m-u1', null, 'Go'),
      assistant('m-a1', 'm-u1', 'msg_main1', 'req_main1', [task('toolu_X', 'Explore the repo')]),
    ],
    // Its first prompt is not the call's: nothing links it until the meta.json names the call.
    [sub('xxx')]: [user('x-u1', null, 'Look at the repository layout', 'xxx')],
  });
  it.each([
    [
      'the subagent file',
      sub('xxx'),
      [assistant('x-a1', 'x-u1', 'msg_x1', 'req_x1', [{ type: 'text', text: 'ok' }], usage(5, 5), 'xxx')],
    ],
    ['the session file', MAIN, [user('m-u9', 'm-a1', 'and then?')]],
  ])('links it to the call it names as %s grows', async (_what, file, lines) => {
    const { cache } = await runSteps([
      first(),
      { [meta('xxx')]: { agentType: 'Explore', toolUseId: 'toolu_X' }, [file]: lines },
    ]);
    expect(query(cache, 'SELECT parent_tool_call_id FROM sessions WHERE is_subagent = 1')).toEqual([
      { parent_tool_call_id: 'toolu_X' },
    ]);
  });
});
