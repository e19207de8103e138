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
import { dirname, join, resolve } from 'node:path';

const MARKER = 'corpus.json';

/**
 * The corpus generator: `override`, else ../shared/bench/make-corpus.mjs beside the repo, or beside the main
 * checkout when this is a git worktree; throws when absent.
 */
export function findMakeCorpus(repoRoot, override) {
  if (override) {
    const path = resolve(override);
    if (existsSync(path)) return path;
    throw new Error(`The corpus generator "${path}" (--make-corpus) does not exist.`);
  }
  const roots = [repoRoot];
  const common = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (common.status === 0) roots.push(dirname(common.stdout.trim()));
  const candidates = [
    ...new Set(roots.map((root) => resolve(root, '..', 'shared', 'bench', 'make-corpus.mjs'))),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    `The corpus generator is missing: expected ${candidates.map((c) => `"${c}"`).join(' or ')}. The benchmark ` +
      'builds its corpus with the shared make-corpus.mjs that sits beside the repo (../shared/bench/); pass ' +
      '--make-corpus PATH to use another.',
  );
}

/** Folder of make-corpus.mjs's big session (`--single-mb`), below the home. */
const BIG_SESSION_DIR = join('.claude', 'projects', '-bench-huge');

/**
 * Builds (or reuses) a corpus in `dir`: `{ mb, singleMb }` for the folder corpus with one big (active) session
 * among the others, `{ singleMb }` alone for one big session file. Resolves to
 * `{ dir, home, files, bytes, lines, big, bigBytes, buildMs, reused }` (`big`: the path of the big session file;
 * `bytes`, `files` and `lines` include it).
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
      return { ...marker.result, ...bigSession(home), dir, home, buildMs: marker.buildMs, reused: true };
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
  // make-corpus.mjs counts the big session's bytes and file but not its lines.
  const staged = bigSession(stagedHome);
  const bigLines = staged.big ? await countLines(staged.big) : 0;
  const result = { files: summary.files, bytes: summary.bytes, lines: summary.lines + bigLines };
  await writeFile(join(staging, MARKER), `${JSON.stringify({ recipe, result, buildMs }, null, 2)}\n`);
  renameSync(staging, dir);
  return { ...result, ...bigSession(home), dir, home, buildMs, reused: false };
}

/** `{ big, bigBytes }` of the big session below `home` (both undefined when there is none). */
function bigSession(home) {
  const big = listJsonl(join(home, BIG_SESSION_DIR))[0];
  return { big, bigBytes: big === undefined ? undefined : statSync(big).size };
}

/** Newlines in a file, read as a stream. */
export async function countLines(file) {
  let lines = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return lines;
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
