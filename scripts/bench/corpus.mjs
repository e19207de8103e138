// The benchmark corpora: built once with the shared make-corpus.mjs, cached under .bench/, and laid
// out as a home folder (HOME/.claude/projects/..., HOME/.codex/sessions/...) so that the default
// discovery of every tool finds them.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const MARKER = 'corpus.json';

/** The corpus generator: `override`, else ../shared/bench/make-corpus.mjs beside the repo; throws when absent. */
export function findMakeCorpus(repoRoot, override) {
  const path = override ? resolve(override) : resolve(repoRoot, '..', 'shared', 'bench', 'make-corpus.mjs');
  if (!existsSync(path)) {
    throw new Error(
      `The corpus generator is missing: expected "${path}". The benchmark builds its corpus with the shared ` +
        'make-corpus.mjs that sits beside the repo (../shared/bench/); pass --make-corpus PATH to use another.',
    );
  }
  return path;
}

/**
 * Builds (or reuses) a corpus in `dir`: `{ mb }` for the folder corpus, `{ singleMb }` for one big session file.
 * Resolves to `{ dir, home, files, bytes, lines, buildMs, reused }`.
 */
export async function ensureCorpus({ dir, makeCorpus, seed, mb, singleMb }) {
  const recipe = {
    mb: mb ?? 0,
    singleMb: singleMb ?? 0,
    seed,
    generator: createHash('sha256').update(readFileSync(makeCorpus)).digest('hex'),
  };
  const home = join(dir, 'home');
  const markerPath = join(dir, MARKER);
  if (existsSync(markerPath)) {
    const marker = JSON.parse(readFileSync(markerPath, 'utf8'));
    if (JSON.stringify(marker.recipe) === JSON.stringify(recipe) && existsSync(home))
      return { ...marker.result, dir, home, buildMs: marker.buildMs, reused: true };
  }
  rmSync(dir, { recursive: true, force: true });
  const staging = `${dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const args = [makeCorpus, '--out', join(staging, 'gen'), '--mb', String(recipe.mb), '--seed', String(seed)];
  if (recipe.singleMb > 0) args.push('--single-mb', String(recipe.singleMb));
  process.stderr.write(`bench: building corpus: node ${args.join(' ')}\n`);
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`make-corpus.mjs failed (exit ${run.status ?? run.signal}).`);
  const buildMs = performance.now() - started;
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1));
  // Home layout: gen/claude -> home/.claude, gen/codex -> home/.codex (both exist, empty when not generated).
  const stagedHome = join(staging, 'home');
  mkdirSync(stagedHome, { recursive: true });
  for (const [from, to] of [
    ['claude', '.claude'],
    ['codex', '.codex'],
  ]) {
    const source = join(staging, 'gen', from);
    if (existsSync(source)) renameSync(source, join(stagedHome, to));
    else mkdirSync(join(stagedHome, to), { recursive: true });
  }
  rmSync(join(staging, 'gen'), { recursive: true, force: true });
  const result = { files: summary.files, bytes: summary.bytes, lines: summary.lines };
  await writeFile(join(staging, MARKER), `${JSON.stringify({ recipe, result, buildMs }, null, 2)}\n`);
  renameSync(staging, dir);
  return { ...result, dir, home, buildMs, reused: false };
}

/** Every .jsonl file below `dir`, sorted. */
export function listJsonl(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.jsonl')) found.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found.sort();
}

/** Reads every file once so that the first measured run does not pay for a cold page cache. */
export async function warmPageCache(files) {
  for (const file of files) {
    await new Promise((done, fail) => {
      createReadStream(file, { highWaterMark: 1 << 20 })
        .on('data', () => {})
        .on('end', done)
        .on('error', fail);
    });
  }
}

/** Bytes of every file below `dir` (0 when absent). */
export function folderBytes(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}
