// `--profile`: where the time of one run goes, from the V8 CPU profiles that `node --cpu-prof` writes
// (one file per thread). Self time is summed per source file of agentlog (dist/...), per package
// (node_modules/...), for Node's own code (module loading apart) and for V8's pseudo-frames (garbage
// collector, program, idle). A native frame without a file (JSON.parse, a syscall) counts for the file
// of its nearest caller that has one, so that "reading" or "parsing" lands in the module that does it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The group a script URL belongs to: "dist/cache/store.js", "node_modules/zod", "node: module loading", ... */
export function groupOf(url) {
  if (url.startsWith('node:internal/modules/') || url.startsWith('node:internal/bootstrap/'))
    return 'node: module loading';
  if (url.startsWith('node:')) return `node: ${url.slice('node:'.length).replace(/^internal\//, '')}`;
  const modules = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) return `node_modules/${modules[1]}`;
  const dist = /\/(dist\/.+)$/.exec(url);
  if (dist) return dist[1];
  return url === '' ? '(native)' : url.replace(/^file:\/\//, '');
}

/**
 * Self time (ms) per group and per function of one or more parsed .cpuprofile objects. Returns
 * `{ totalMs, idleMs, threads, groups: [{ name, ms }], functions: [{ name, ms }] }`, both lists sorted by time,
 * largest first. Idle time (a thread waiting: for I/O, a worker, a lock) is `idleMs`, apart from the busy
 * `totalMs` and the lists, so that the shares are of the time spent working.
 */
export function summarizeProfiles(profiles) {
  const groups = new Map();
  const functions = new Map();
  let totalMs = 0;
  let idleMs = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const groupCache = new Map();
    const groupFor = (id) => {
      if (groupCache.has(id)) return groupCache.get(id);
      const node = byId.get(id);
      const { functionName, url } = node.callFrame;
      let group;
      if (url !== '') group = groupOf(url);
      else if (/^\(.*\)$/.test(functionName)) group = functionName;
      else group = parent.has(id) ? groupFor(parent.get(id)) : '(native)';
      groupCache.set(id, group);
      return group;
    };
    const { samples = [], timeDeltas = [] } = profile;
    for (let i = 0; i < samples.length; i++) {
      // Sample i stands for the time until the next one (as Chrome's DevTools count it).
      const ms = (timeDeltas[i + 1] ?? 0) / 1000;
      if (ms <= 0) continue;
      const id = samples[i];
      const node = byId.get(id);
      if (!node) continue;
      const group = groupFor(id);
      if (group === '(idle)') {
        idleMs += ms;
        continue;
      }
      totalMs += ms;
      groups.set(group, (groups.get(group) ?? 0) + ms);
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url === '' ? group : `${groupOf(url)}:${lineNumber + 1}`;
      const name = /^\(.*\)$/.test(functionName) ? functionName : `${functionName || '(anonymous)'} ${where}`;
      functions.set(name, (functions.get(name) ?? 0) + ms);
    }
  }
  const sorted = (map) =>
    [...map].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name));
  return { totalMs, idleMs, threads: profiles.length, groups: sorted(groups), functions: sorted(functions) };
}

/** Reads every .cpuprofile of `dir` and summarizes them; undefined when there is none. */
export function summarizeProfileDir(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (files.length === 0) return undefined;
  return summarizeProfiles(files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8'))));
}

/** "dist/cache/store.js 31%, (garbage collector) 12%, ..." for the `count` largest groups. */
export function profileLine(summary, count = 6) {
  return summary.groups
    .slice(0, count)
    .map(({ name, ms }) => `${name} ${Math.round((ms / summary.totalMs) * 100)}%`)
    .join(', ');
}
