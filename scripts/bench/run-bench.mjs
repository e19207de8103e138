#!/usr/bin/env node
// `npm run bench`: the benchmark of issues 7, 17 and 19. Builds (once) a corpus of session logs with one big
// active session among them, and one big session file alone, under .bench/; runs agentlog and ccusage on
// them as whole processes, prints a table, and writes the figures into the marked section of BENCHMARKS.md.
// Not part of `npm test`. `--help` for the options.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendRecords, planAppends, restoreAppends } from './append-records.mjs';
import { ensureCorpus, findMakeCorpus, folderBytes, listJsonl, warmPageCache } from './corpus.mjs';
import { describeAgentlog, describeMachine, findCcusage } from './environment.mjs';
import { findGnuTime, killLiveRuns, runMeasured } from './measure.mjs';
import { parseOptions, USAGE } from './options.mjs';
import { profileLine, summarizeProfileDir } from './profile.mjs';
import { startSubagent, undoSubagent } from './subagent-run.mjs';
import {
  consoleTable,
  duration,
  failureText,
  indexRow,
  judge,
  markdownSection,
  mib,
  replaceSection,
  seconds,
  summarize,
} from './summary.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const benchDir = join(repoRoot, '.bench');
/** Runs of `agentlog --version` (its target is on the median of 10, whatever `--runs` says). */
const VERSION_RUNS = 10;
/** Status line calls, each after an append of this many KiB to the active session. */
const STATUSLINE_CALLS = 20;
const STATUSLINE_APPEND_KIB = 16;

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

async function main(argv) {
  let options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    process.stderr.write(`bench: ${error.message.replace(/\.?$/, '.')} See "npm run bench -- --help".\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const makeCorpus = findMakeCorpus(repoRoot, options.makeCorpus);
  const ccusage = options.ccusage ? findCcusage(repoRoot) : undefined;
  if (options.build) {
    log('building agentlog: npm run build');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (build.status !== 0)
      throw new Error(`"npm run build" failed (exit ${build.status}); fix it or pass --no-build.`);
  }
  const cli = snapshotBuild();
  const agentlog = describeAgentlog(repoRoot, cli);
  const machine = describeMachine();
  const gnuTime = findGnuTime();
  log(
    `agentlog ${agentlog.version} (${agentlog.commit}), --cache-dir: ${agentlog.cacheDirOption ? 'accepted' : 'not accepted'}; ` +
      `peak RSS from ${gnuTime ? 'GNU time' : '/proc VmHWM polling'}; ` +
      `baseline: ${ccusage ? `ccusage ${ccusage.version} (${ccusage.kind})` : 'none'}`,
  );

  mkdirSync(benchDir, { recursive: true });
  const journal = join(benchDir, 'append-journal.json');
  const subagentJournal = join(benchDir, 'subagent-journal.json');
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      killLiveRuns();
      restoreAppends(journal);
      undoSubagent(subagentJournal);
      process.stderr.write(`bench: stopped by ${signal}; appended records undone\n`);
      process.exit(130);
    });
  }
  const undone = restoreAppends(journal);
  if (undone > 0) log(`undid the appends of an interrupted run (${undone} files)`);
  if (undoSubagent(subagentJournal)) log('undid the subagent of an interrupted run');

  const corpus = await ensureCorpus({
    dir: join(benchDir, `corpus-${options.mb}mb-active${options.activeMb}mb-seed${options.seed}`),
    makeCorpus,
    seed: options.seed,
    mb: options.mb,
    singleMb: options.activeMb,
  });
  log(`corpus: ${describeCorpus(corpus)}`);
  const single = options.single
    ? await ensureCorpus({
        dir: join(benchDir, `single-${options.singleMb}mb-seed${options.seed}`),
        makeCorpus,
        seed: options.seed,
        singleMb: options.singleMb,
      })
    : undefined;
  if (single) log(`single file: ${describeCorpus(single)}`);
  const buildMs = (corpus.reused ? 0 : corpus.buildMs) + (single && !single.reused ? single.buildMs : 0);

  const corpusFiles = listJsonl(corpus.home);
  await warmPageCache([...corpusFiles, ...(single ? listJsonl(single.home) : [])]);

  const cacheDir = join(benchDir, 'cache');
  const outDir = join(benchDir, 'out');
  mkdirSync(outDir, { recursive: true });
  const freshCache = () => {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
  };
  const agentlogArgs = (command) => [
    cli,
    ...command,
    ...(agentlog.cacheDirOption ? ['--cache-dir', cacheDir] : []),
  ];
  const runOnce = async (id, home, command, args) => {
    const run = await runMeasured({
      command,
      args,
      env: benchEnv(home, cacheDir),
      cwd: repoRoot,
      stdoutFile: join(outDir, `${id}.out`),
      timeoutMs: options.timeoutMs,
      rssGuardMiB: options.rssGuardMiB,
      gnuTime,
    });
    writeFileSync(join(outDir, `${id}.err`), run.stderrTail);
    return run;
  };

  const rows = [];
  /** Runs one measurement `options.runs` times; `before(i)` prepares run i (not timed). */
  const measure = async ({
    id,
    label,
    display,
    home,
    command,
    args,
    before,
    after,
    baseline,
    count,
    profile,
  }) => {
    const runs = [];
    const total = count ?? options.runs;
    for (let i = 0; i < total; i++) {
      await before?.(i);
      const run = await runOnce(id, home, command, args);
      runs.push(run);
      const failed = run.exitCode !== 0 || run.killedFor !== undefined;
      log(
        `${label} [${i + 1}/${total}]: ${seconds(run.wallMs)} (CPU ${seconds(run.cpuMs)}), ` +
          `peak RSS ${mib(run.peakRssKiB / 1024)}` +
          (failed ? ` — FAILED (${failureText(run)})` : ''),
      );
      await after?.(i, total);
    }
    const row = summarize({ id, label, display, runs, baseline });
    if (options.profile && profile) {
      // One more run, untimed, with V8's sampling profiler on every thread.
      await before?.(total);
      const dir = join(benchDir, 'profiles', id);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const [cliPath, ...rest] = args;
      await runOnce(`${id}-profile`, home, command, ['--cpu-prof', '--cpu-prof-dir', dir, cliPath, ...rest]);
      row.profile = summarizeProfileDir(dir);
      if (row.profile) log(`${label}, profile: ${profileLine(row.profile)}`);
    }
    rows.push(row);
    return row;
  };
  const ours = (command) => ({
    command: process.execPath,
    args: agentlogArgs(command),
    display: `node dist/cli/agentlog.cjs ${command.join(' ')}${agentlog.cacheDirOption ? ' --cache-dir DIR' : ''}`,
  });
  const theirs = ccusage && {
    command: ccusage.command,
    args: [...ccusage.prefix, 'daily', '--json', '--offline'],
    display: 'ccusage daily --json --offline',
  };

  if (theirs) {
    await measure({ id: 'ccusage', label: 'ccusage daily (baseline)', home: corpus.home, ...theirs });
  }
  // Untimed runs without the index, whose output every measured `report` must equal byte for byte.
  const checks = [];
  const check = async (id, label, against) => {
    if (!options.check || !agentlog.noCacheOption) return;
    const run = await runOnce(id, corpus.home, process.execPath, [cli, 'report', '--no-cache']);
    const same = run.exitCode === 0 && sameFile(join(outDir, `${id}.out`), join(outDir, `${against}.out`));
    checks.push({ id, label, against, same, wallMs: run.wallMs, exitCode: run.exitCode });
    log(`check: ${label}: ${same ? 'identical' : 'DIFFERENT'} (${seconds(run.wallMs)} without the index)`);
  };
  await measure({
    id: 'report-cold',
    profile: true,
    label: 'report, cold',
    home: corpus.home,
    ...ours(['report']),
    before: freshCache,
    baseline: 'ccusage',
  });
  // A build may keep an index in XDG_CACHE_HOME before it has the --cache-dir option: count what it left.
  const indexBytes = folderBytes(cacheDir);
  const indexed = agentlog.cacheDirOption || indexBytes > 0;
  log(`persistent index: ${indexed ? `yes, ${mib(indexBytes / 2 ** 20)} after a cold run` : 'no'}`);
  if (indexed) rows.push(indexRow({ bytes: indexBytes, corpusBytes: corpus.bytes }));
  await check('report-nocache', '`report --no-cache` against `report` cold', 'report-cold');
  // Warm: the cache the last cold run left, nothing changed.
  await measure({
    id: 'report-warm',
    profile: true,
    label: 'report, warm',
    home: corpus.home,
    ...ours(['report']),
    baseline: 'ccusage',
  });
  // The active-session case: the big session and a few others grow between two runs.
  const plan = planAppends(corpusFiles, {
    active: corpus.big,
    activeBytes: options.appendActiveKiB * 1024,
    otherBytes: options.appendKiB * 1024,
    count: options.appendFiles,
  });
  let appendedBytes = 0;
  await measure({
    id: 'report-append',
    profile: true,
    label: 'report, after appends',
    home: corpus.home,
    ...ours(['report']),
    baseline: 'ccusage',
    before: async (i) => {
      if (i > 0) {
        restoreAppends(journal);
        // Bring the index back in step with the restored files, so that only the next append is new.
        if (indexed) await runOnce('report-resync', corpus.home, process.execPath, agentlogArgs(['report']));
      }
      appendedBytes = appendRecords(plan, journal);
    },
    after: (i, total) =>
      i === total - 1
        ? check(
            'report-append-nocache',
            '`report --no-cache` against `report` after appends',
            'report-append',
          )
        : undefined,
  });
  restoreAppends(journal);
  if (indexed) {
    // The active session starts a subagent (2.1.x): a Task call, a new subagent file with its .meta.json,
    // its first response streamed into the session file. The index first takes the files as they are.
    await measure({
      id: 'report-subagent',
      label: 'report, after a subagent starts',
      home: corpus.home,
      ...ours(['report']),
      baseline: 'ccusage',
      before: async () => {
        undoSubagent(subagentJournal);
        await runOnce('report-resync', corpus.home, process.execPath, agentlogArgs(['report']));
        startSubagent(corpus.big, subagentJournal);
      },
      after: (i, total) =>
        i === total - 1
          ? check(
              'report-subagent-nocache',
              '`report --no-cache` against `report` after a subagent starts',
              'report-subagent',
            )
          : undefined,
    });
    undoSubagent(subagentJournal);
  }
  if (indexed && agentlog.statuslineCommand) {
    // Issue 19: Claude Code's status line on the active session while it grows, as Claude Code runs it (a
    // process per call, the JSON it passes; here from a file): ~16 KiB of new turns appended before each call.
    // The index first takes the restored files (untimed), as it would have them when the session runs.
    await runOnce('statusline-resync', corpus.home, process.execPath, agentlogArgs(['report']));
    const input = join(benchDir, 'statusline-input.json');
    writeFileSync(
      input,
      JSON.stringify({
        session_id: basename(corpus.big, '.jsonl'),
        transcript_path: corpus.big,
        model: { id: 'claude-opus-4-1', display_name: 'Opus' },
        workspace: { current_dir: corpus.home },
        cost: { total_cost_usd: 1.5 },
      }),
    );
    await measure({
      id: 'statusline',
      label: `statusline, after a ${STATUSLINE_APPEND_KIB} KiB append (${STATUSLINE_CALLS} calls)`,
      home: corpus.home,
      ...ours(['statusline', '--no-color', '--input', input]),
      display: 'node dist/cli/agentlog.cjs statusline --input FILE --cache-dir DIR',
      count: STATUSLINE_CALLS,
      profile: true,
      // The first append keeps the journal of the original size, which undoes them all.
      before: (i) =>
        appendRecords(
          [{ path: corpus.big, bytes: STATUSLINE_APPEND_KIB * 1024 }],
          i === 0 ? journal : `${journal}.statusline`,
        ),
    });
    restoreAppends(journal);
    rmSync(`${journal}.statusline`, { force: true });
    // The first call after the active session starts a subagent (a file the index does not hold yet). Before
    // it, untimed: the index in step with the files, and a call that stores the session's total for it, as
    // the calls before a subagent starts would have.
    const statusline = ours(['statusline', '--no-color', '--input', input]);
    await measure({
      id: 'statusline-subagent',
      label: 'statusline, first call after a subagent starts',
      home: corpus.home,
      ...statusline,
      display: 'node dist/cli/agentlog.cjs statusline --input FILE --cache-dir DIR',
      before: async () => {
        await refresherDone(cacheDir);
        undoSubagent(subagentJournal);
        await runOnce('statusline-resync', corpus.home, process.execPath, agentlogArgs(['report']));
        await runOnce('statusline-resync', corpus.home, statusline.command, statusline.args);
        startSubagent(corpus.big, subagentJournal);
      },
    });
    await refresherDone(cacheDir);
    undoSubagent(subagentJournal);
  }
  await measure({
    id: 'usage-cold',
    profile: true,
    label: 'usage, cold',
    home: corpus.home,
    ...ours(['usage', '--json']),
    before: freshCache,
    baseline: 'ccusage',
  });
  if (agentlog.archiveCommand) {
    // `agentlog archive` of the whole corpus into a new archive, then again with nothing changed.
    const archiveDir = join(benchDir, 'archive');
    const archiving = {
      home: corpus.home,
      command: process.execPath,
      args: [cli, 'archive', '--archive-dir', archiveDir],
      display: 'node dist/cli/agentlog.cjs archive --archive-dir DIR',
    };
    await measure({
      id: 'archive-new',
      label: 'archive, new archive',
      ...archiving,
      before: () => rmSync(archiveDir, { recursive: true, force: true }),
    });
    log(`archive: ${mib(folderBytes(archiveDir) / 2 ** 20)} for ${mib(corpus.bytes / 2 ** 20)} of logs`);
    await measure({ id: 'archive-unchanged', label: 'archive, nothing changed', ...archiving });
  }
  await measure({
    id: 'version',
    profile: true,
    label: `agentlog --version (${VERSION_RUNS} runs)`,
    home: corpus.home,
    ...ours(['--version']),
    args: [cli, '--version'],
    display: 'node dist/cli/agentlog.cjs --version',
    count: VERSION_RUNS,
  });
  if (single) {
    if (theirs)
      await measure({
        id: 'ccusage-single',
        label: 'ccusage daily, single file (baseline)',
        home: single.home,
        ...theirs,
      });
    await measure({
      id: 'single-report',
      label: `report, single ${options.singleMb} MiB file, cold`,
      home: single.home,
      ...ours(['report']),
      before: freshCache,
      baseline: theirs ? 'ccusage-single' : undefined,
    });
  }
  rmSync(cacheDir, { recursive: true, force: true });

  const notes = [];
  if (indexed)
    notes.push(
      `Index size after a cold run: ${mib(indexBytes / 2 ** 20)} for ${mib(corpus.bytes / 2 ** 20)} of logs ` +
        `(${((indexBytes / corpus.bytes) * 100).toFixed(1)}%).`,
    );
  notes.push(
    `Appends: ${(appendedBytes / 2 ** 20).toFixed(2)} MiB of copied records with fresh ids and later timestamps ` +
      `(${appendText(options, corpus)}); undone (truncated, mtime restored) after each run.`,
  );
  if (sameFile(join(outDir, 'report-cold.out'), join(outDir, 'report-warm.out')))
    notes.push('Identical results: `report` warm against `report` cold.');
  else
    notes.push(
      'The output of `report` warm differs from cold on unchanged files (a cache bug?): compare ' +
        '`.bench/out/report-cold.out` with `.bench/out/report-warm.out`.',
    );
  for (const c of checks)
    notes.push(
      c.same
        ? `Identical results: ${c.label} (the run without the index took ${seconds(c.wallMs)}).`
        : `**Different results**: ${c.label} (exit ${c.exitCode}); compare \`.bench/out/${c.id}.out\` with \`.bench/out/${c.against}.out\`.`,
    );
  const totals = compareTotals(outDir, Boolean(theirs));
  if (totals) notes.push(totals);

  const judged = judge(rows, { indexed });
  const tookMs = performance.now() - started;
  const context = {
    machine,
    agentlog: { ...agentlog, indexed },
    ccusage,
    corpus: { ...corpus, mb: options.mb, activeMb: options.activeMb, seed: options.seed },
    single: single && { ...single, mb: options.singleMb },
    command: ['npm run bench', ...(argv.length > 0 ? ['--', ...argv] : [])].join(' '),
    date: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
    tookMs,
    buildMs,
    notes,
    load: [loadBefore, os.loadavg()[0]],
    rssSource: gnuTime ? 'GNU time `%M`' : 'polled /proc VmHWM',
  };
  process.stdout.write(`\n${consoleTable(judged, options.runs)}\n\n`);
  for (const note of notes) process.stdout.write(`${note}\n`);
  for (const row of judged.filter((r) => r.profile)) {
    process.stdout.write(
      `\nProfile of ${row.label} (${seconds(row.profile.totalMs)} busy, ${seconds(row.profile.idleMs)} idle, ` +
        `${row.profile.threads} thread(s)):\n`,
    );
    for (const { name, ms } of row.profile.groups.slice(0, 8))
      process.stdout.write(`  ${seconds(ms).padStart(8)}  ${name}\n`);
    process.stdout.write('  top functions:\n');
    for (const { name, ms } of row.profile.functions.slice(0, 8))
      process.stdout.write(`  ${seconds(ms).padStart(8)}  ${name}\n`);
  }
  process.stdout.write(`Took ${duration(tookMs)}.\n`);

  const results = join(benchDir, 'results');
  mkdirSync(results, { recursive: true });
  const resultFile = join(results, `${context.date.replaceAll(':', '-')}.json`);
  writeFileSync(resultFile, `${JSON.stringify({ context, rows: judged }, null, 2)}\n`);
  log(`results: ${relative(repoRoot, resultFile)}`);
  if (options.write) {
    const file = join(repoRoot, 'BENCHMARKS.md');
    const before = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
    writeFileSync(
      file,
      replaceSection(before, markdownSection({ rows: judged, runs: options.runs, context })),
    );
    log('BENCHMARKS.md updated');
  }
  if (judged.some((row) => !row.ok) || checks.some((c) => !c.same)) process.exitCode = 1;
}

/**
 * Copies dist/ (and package.json, which it reads) to .bench/build/ and returns its CLI: every run of this
 * benchmark measures the same build even when dist/ is rebuilt meanwhile. Packages still resolve from the
 * repo's node_modules, one folder up.
 */
function snapshotBuild() {
  const dist = join(repoRoot, 'dist');
  if (!existsSync(join(dist, 'cli', 'agentlog.cjs')))
    throw new Error(`"${join(dist, 'cli', 'agentlog.cjs')}" is missing: run "npm run build" first.`);
  const snapshot = join(benchDir, 'build');
  rmSync(snapshot, { recursive: true, force: true });
  mkdirSync(snapshot, { recursive: true });
  cpSync(dist, join(snapshot, 'dist'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(snapshot, 'package.json'));
  return join(snapshot, 'dist', 'cli', 'agentlog.cjs');
}

/** The environment of a measured process: HOME and every agent folder on the bench corpus, caches in `cacheDir`. */
function benchEnv(home, cacheDir) {
  const env = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'FORCE_COLOR', 'CLAUDE_CONFIG_DIR', 'CODEX_HOME']) delete env[name];
  return {
    ...env,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    CODEX_HOME: join(home, '.codex'),
    XDG_CACHE_HOME: cacheDir,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    NO_COLOR: '1',
  };
}

/** Total tokens of `usage --json` and of ccusage on the same corpus, as a note (they count differently). */
function compareTotals(outDir, haveCcusage) {
  try {
    const ours = JSON.parse(readFileSync(join(outDir, 'usage-cold.out'), 'utf8'));
    const oursTotal = ours.total?.totalTokens;
    if (!haveCcusage || oursTotal === undefined) return undefined;
    const theirs = JSON.parse(readFileSync(join(outDir, 'ccusage.out'), 'utf8'));
    const theirsTotal = theirs.totals?.totalTokens;
    if (theirsTotal === undefined) return undefined;
    return (
      `Total tokens on the corpus: agentlog usage ${oursTotal.toLocaleString('en-US')}, ` +
      `ccusage ${theirsTotal.toLocaleString('en-US')} (${((oursTotal / theirsTotal - 1) * 100).toFixed(1)}%).`
    );
  } catch {
    return undefined;
  }
}

/** "1024 KiB to the active 64 MiB session, 100 KiB to each of 10 others" */
function appendText(options, corpus) {
  const active = corpus.big
    ? `${sizeText(options.appendActiveKiB)} to the active ${(corpus.bigBytes / 2 ** 20).toFixed(0)} MiB session, `
    : '';
  return `${active}${sizeText(options.appendKiB)} to each of ${options.appendFiles} other session files`;
}

function sizeText(kib) {
  return kib >= 1024 && kib % 1024 === 0 ? `${kib / 1024} MiB` : `${kib} KiB`;
}

function sameFile(a, b) {
  return existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));
}

function describeCorpus(corpus) {
  return (
    `${(corpus.bytes / 2 ** 20).toFixed(0)} MiB, ${corpus.files} files, ${corpus.lines} lines ` +
    `(${relative(repoRoot, corpus.dir)}, ${corpus.reused ? 'reused' : `built in ${duration(corpus.buildMs)}`})`
  );
}

/** Waits (up to a minute) for the status line's background refresher to finish writing into `cacheDir`. */
async function refresherDone(cacheDir) {
  for (
    let waited = 0;
    waited < 60_000 && existsSync(join(cacheDir, 'statusline-refresh.lock'));
    waited += 100
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
}

function log(message) {
  process.stderr.write(`bench: ${message}\n`);
}
