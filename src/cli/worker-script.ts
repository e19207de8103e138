/**
 * The file a worker thread runs. From `dist/`, the worker's ES module (`scan-worker.js`), whose modules load one by
 * one. When the process runs from the main bundle (`bundled-main.ts` says so), the worker's own bundle of the same
 * build (`scan-worker-bundle.cjs`, made by scripts/bundle-cli.mjs), when there is one: one file to read and
 * compile instead of some 300 modules in each thread.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let fromBundle = false;

/** Called by the main bundle: its workers run their bundles too. */
export function useBundledWorkers(): void {
  fromBundle = true;
}

/** The path of the worker `name` (`scan-worker`, `usage-cold-worker`) to start, or undefined when it is not built. */
export function workerScript(name: 'scan-worker' | 'usage-cold-worker'): string | undefined {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const bundle = path.join(dir, `${name}-bundle.cjs`);
  if (fromBundle && existsSync(bundle)) return bundle;
  const module = path.join(dir, `${name}.js`);
  return existsSync(module) ? module : undefined;
}
