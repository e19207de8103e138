#!/usr/bin/env node
// Makes the package's bin files executable after `tsc` wrote them (tsc writes 644). npm marks bins
// executable when it links them, but on a fresh clone `npm install` links before `prepare` has built
// them, so `npx agentlog` would find a file it may not run.
import { chmodSync, existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
// `dist/cli/main.js`, the bin of earlier builds, stays runnable on its own: links made to it (npx keeps one in its
// cache for a local package, keyed by the package's path) still run agentlog.
bins.push('dist/cli/main.js');
for (const bin of bins) {
  const file = new URL(`../${bin}`, import.meta.url);
  if (!existsSync(file)) throw new Error(`The bin "${bin}" was not built.`);
  chmodSync(file, 0o755);
}
