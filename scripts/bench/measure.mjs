// Runs one command as a whole process and measures its wall time and peak resident memory.
//
// Peak RSS comes from GNU time (`/usr/bin/time -f %M`, the largest process of the tree) when it is
// there, else from polling /proc/<pid>/status VmHWM of every process of the tree. The tree is polled
// in both cases so that a run whose resident memory passes a guard is killed before it hurts the machine.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';
const POLL_MS = 50;

/** `/usr/bin/time` when it is GNU time (accepts `-f %M -o FILE`), else undefined. */
export function findGnuTime() {
  if (!existsSync(GNU_TIME)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-time-'));
  try {
    const out = join(dir, 'm');
    const probe = spawnSync(GNU_TIME, ['-f', '%M', '-o', out, 'true'], { stdio: 'ignore' });
    return probe.status === 0 && /^\d+\s*$/.test(readFileSync(out, 'utf8')) ? GNU_TIME : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Spawns `command args` with `env`, stdout to `stdoutFile`, and resolves to
 * `{ wallMs, peakRssKiB, cpuMs, exitCode, signal, stderrTail, killedFor }` (killedFor: 'timeout' | 'memory';
 * cpuMs, user + system time of the tree, only with GNU time).
 */
export function runMeasured({ command, args, env, cwd, stdoutFile, timeoutMs, rssGuardMiB, gnuTime }) {
  const metricsDir = mkdtempSync(join(tmpdir(), 'bench-run-'));
  const metricsFile = join(metricsDir, 'metrics');
  const [file, argv] = gnuTime
    ? [gnuTime, ['-f', '%M %U %S', '-o', metricsFile, command, ...args]]
    : [command, args];
  const stdoutFd = openSync(stdoutFile, 'w');
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Own process group, so that a kill reaches the whole tree (GNU time, node, a native binary).
    const child = spawn(file, argv, { cwd, env, stdio: ['ignore', stdoutFd, 'pipe'], detached: true });
    liveGroups.add(child.pid);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    let polledPeakKiB = 0;
    let killedFor;
    const kill = (reason) => {
      killedFor ??= reason;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const poll = setInterval(() => {
      const tree = processTree(child.pid);
      let rssKiB = 0;
      for (const pid of tree) {
        const status = readStatus(pid);
        rssKiB += status.VmRSS ?? 0;
        // GNU time itself is tiny; counting it would not change a maximum.
        polledPeakKiB = Math.max(polledPeakKiB, status.VmHWM ?? 0);
      }
      if (rssKiB > rssGuardMiB * 1024) kill('memory');
    }, POLL_MS);
    const timer = setTimeout(() => kill('timeout'), timeoutMs);
    child.on('error', (error) => {
      liveGroups.delete(child.pid);
      clearInterval(poll);
      clearTimeout(timer);
      closeSync(stdoutFd);
      rmSync(metricsDir, { recursive: true, force: true });
      reject(error);
    });
    child.on('close', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearInterval(poll);
      clearTimeout(timer);
      closeSync(stdoutFd);
      liveGroups.delete(child.pid);
      const timed = gnuTime ? readGnuTime(metricsFile) : undefined;
      rmSync(metricsDir, { recursive: true, force: true });
      resolve({
        wallMs,
        peakRssKiB: timed?.peakRssKiB ?? polledPeakKiB,
        cpuMs: timed?.cpuMs,
        exitCode: code,
        signal,
        stderrTail: stderr,
        killedFor,
      });
    });
  });
}

/** The pid and its descendants, from /proc/<pid>/task/<tid>/children. */
function processTree(root) {
  const seen = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    seen.push(pid);
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        for (const c of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) {
          if (c.trim() !== '') queue.push(Number(c));
        }
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return seen;
}

/** The kB fields of /proc/<pid>/status (VmRSS, VmHWM, ...), empty when the process is gone. */
function readStatus(pid) {
  const fields = {};
  try {
    for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
      const match = /^(Vm\w+):\s+(\d+) kB/.exec(line);
      if (match) fields[match[1]] = Number(match[2]);
    }
  } catch {
    // Gone.
  }
  return fields;
}

/**
 * Peak RSS (KiB) and CPU time (user + system, ms) from the `%M %U %S` line of GNU time, which may follow a
 * "Command exited with non-zero status N" or "Command terminated by signal N" line.
 */
function readGnuTime(file) {
  try {
    const [rss, user, system] = readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
    if (!(rss > 0)) return undefined;
    return { peakRssKiB: rss, cpuMs: Number.isFinite(user + system) ? (user + system) * 1000 : undefined };
  } catch {
    return undefined;
  }
}

/** Process groups of the runs under way, to end them when the benchmark itself is stopped. */
export const liveGroups = new Set();

/** Kills the process groups of the runs under way. */
export function killLiveRuns() {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  liveGroups.clear();
}

/** The middle value (mean of the two middle ones for an even count). */
export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
