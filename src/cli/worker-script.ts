/**
 * The file a worker thread runs. From `dist/`, the worker's ES module (`scan-worker.js`), whose modules load one by
 * one. When this module itself runs from a bundle (the main bundle, `main-bundle.cjs`), the worker's own bundle
 * of the same build beside it (`scan-worker-bundle.cjs`, made by scripts/bundle-cli.mjs): one file to read and
 * compile instead of some 300 modules in each thread.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of the worker `name` (`scan-worker`, `usage-cold-worker`) to start, or undefined when it is not built. */
export function workerScript(name: 'scan-worker' | 'usage-cold-worker'): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  const bundle = path.join(dir, `${name}-bundle.cjs`);
  if (here.endsWith('.cjs') && existsSync(bundle)) return bundle;
  const module = path.join(dir, `${name}.js`);
  return existsSync(module) ? module : undefined;
}
