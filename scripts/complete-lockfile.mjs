#!/usr/bin/env node
// The npm registry reachable here serves only the Linux builds of packages that ship one optional binary
// package per platform (Biome: @biomejs/cli-<os>-<cpu>[-musl]; ccusage: @ccusage/ccusage-<os>-<cpu>; the Agent SDK:
// @anthropic-ai/claude-agent-sdk-<os>-<cpu>[-musl]; DuckDB:
// @duckdb/node-bindings-<os>-<cpu>[-musl]). npm then leaves the other platforms out of
// package-lock.json, and `npm ci` refuses the lock ("Missing: @biomejs/cli-darwin-arm64@ from lock file").
// This adds the missing entries, tagged with their os/cpu/libc so npm never fetches them on another platform.
// Idempotent; run after `npm install` changes the lock (.ci/run runs it before `npm ci`).
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platform =
  /^(?:cli|ccusage|node-bindings|claude-agent-sdk)-(linux|darwin|win32|android|freebsd)-(x64|arm64)(-musl)?$/;
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const [scope, base] = name.split('/');
    const match = base ? platform.exec(base) : null;
    const target = `node_modules/${name}`;
    if (!match || !scope?.startsWith('@') || lock.packages[target]) continue;
    lock.packages[target] = {
      version: range.replace(/^[~^=]/, ''),
      cpu: [match[2]],
      ...(entry.dev ? { dev: true } : {}),
      ...(match[3] ? { libc: ['musl'] } : {}),
      ...(entry.license ? { license: entry.license } : {}),
      optional: true,
      os: [match[1]],
    };
    added += 1;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`complete-lockfile: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
