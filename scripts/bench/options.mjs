// Command-line options of `npm run bench`.
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run bench -- [options]

Measures agentlog as whole processes on a generated corpus and compares it with ccusage.

Options:
  --mb N             size of the corpus in MiB, without its active session (default 256)
  --active-mb N      size of the active session inside the corpus in MiB (default 64)
  --single-mb N      size of the single session file, in a home of its own, in MiB (default 1024)
  --runs N           runs per measurement, median reported (default 3)
  --quick            small and fast: --mb 64, --active-mb 16, --single-mb 64, --runs 1 unless given
  --append-active-kib N  KiB appended to the active session before each "after appends" run (default 1024)
  --append-kib N     KiB appended to each of the other files (default 100)
  --append-files N   other session files appended to (default 10)
  --seed N           corpus seed (default 3)
  --timeout N        seconds before a run is killed (default 900)
  --rss-guard N      MiB of resident memory (whole process tree) past which a run is killed (default 12288)
  --make-corpus PATH corpus generator (default: ../shared/bench/make-corpus.mjs beside the repo)
  --no-build         use dist/ as it is instead of running \`npm run build\` first
  --no-single        skip the single-file measurement
  --no-ccusage       skip the ccusage baseline (no ratios, so no verdicts on the relative targets)
  --profile          one more run of each agentlog measurement with \`node --cpu-prof\`: where the time goes
  --no-check         skip the untimed --no-cache runs that check the results are identical
  --write, --no-write  update BENCHMARKS.md (default: yes, except with --quick)
  -h, --help         this text
`;

/** Parses argv into bench options; throws an Error with a sentence on bad input. */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      mb: { type: 'string' },
      'active-mb': { type: 'string' },
      'single-mb': { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'append-active-kib': { type: 'string' },
      'append-kib': { type: 'string' },
      'append-files': { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      'rss-guard': { type: 'string' },
      'make-corpus': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-single': { type: 'boolean', default: false },
      'no-ccusage': { type: 'boolean', default: false },
      'no-check': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      write: { type: 'boolean' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const quick = values.quick;
  return {
    help: values.help,
    quick,
    mb: positive(values.mb, 'mb', quick ? 64 : 256),
    activeMb: positive(values['active-mb'], 'active-mb', quick ? 16 : 64),
    singleMb: positive(values['single-mb'], 'single-mb', quick ? 64 : 1024),
    runs: positive(values.runs, 'runs', quick ? 1 : 3),
    appendActiveKiB: positive(values['append-active-kib'], 'append-active-kib', 1024),
    appendKiB: positive(values['append-kib'], 'append-kib', 100),
    appendFiles: positive(values['append-files'], 'append-files', 10),
    seed: positive(values.seed, 'seed', 3),
    timeoutMs: positive(values.timeout, 'timeout', 900) * 1000,
    rssGuardMiB: positive(values['rss-guard'], 'rss-guard', 12288),
    makeCorpus: values['make-corpus'],
    build: !values['no-build'],
    single: !values['no-single'],
    ccusage: !values['no-ccusage'],
    check: !values['no-check'],
    profile: values.profile,
    write: values['no-write'] ? false : (values.write ?? !quick),
  };
}

function positive(text, name, fallback) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} needs a positive number, got "${text}".`);
  return value;
}
