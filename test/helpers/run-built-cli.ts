// Runs the built CLI as a real process: the bin users run (`dist/cli/agentlog.cjs`, from `npm run build`), which
// runs the most used commands from its main bundle, the status line from its own, the others from `dist/cli/main.js`.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const builtCli = path.resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'agentlog.cjs');

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * Starts `node dist/cli/agentlog.cjs ...args` in `cwd` without colours; settles when it exits. `env` is added
 * to the environment, where a value of undefined removes the variable; `options` may set the uid and gid
 * (see `unprivileged()` in run-unprivileged.ts).
 */
export function runBuiltCli(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
  options: { uid?: number; gid?: number } = {},
): Promise<CliRun> {
  const merged: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', COLUMNS: '100' };
  delete merged.AGENTLOG_CACHE_DIR;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCli, ...args], {
      cwd,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
