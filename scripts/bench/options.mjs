// Command-line options of `npm run bench`.
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run bench -- [options]

Measures agentlog as whole processes on a generated corpus and compares it with ccusage.

Options:
  --mb N             size of the corpus in MiB (default 1024)
  --single-mb N      size of the single session file in MiB (default: same as --mb)
  --runs N           runs per measurement, median reported (default 3)
  --quick            small and fast: --mb 64, --single-mb 64, --runs 1 unless given
  --append-mb N      MiB appended in total for the "after appends" measurement (default 1)
  --append-files N   files the appended MiB is spread over (default 10)
  --seed N           corpus seed (default 1)
  --timeout N        seconds before a run is killed (default 900)
  --rss-guard N      MiB of resident memory (whole process tree) past which a run is killed (default 12288)
  --make-corpus PATH corpus generator (default: ../shared/bench/make-corpus.mjs beside the repo)
  --no-build         use dist/ as it is instead of running \`npm run build\` first
  --no-single        skip the single-file measurement
  --no-ccusage       skip the ccusage baseline (no ratios)
  --write, --no-write  update BENCHMARKS.md (default: yes, except with --quick)
  -h, --help         this text
`;

/** Parses argv into bench options; throws an Error with a sentence on bad input. */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      mb: { type: 'string' },
      'single-mb': { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'append-mb': { type: 'string' },
      'append-files': { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      'rss-guard': { type: 'string' },
      'make-corpus': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-single': { type: 'boolean', default: false },
      'no-ccusage': { type: 'boolean', default: false },
      write: { type: 'boolean' },
      'no-write': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const quick = values.quick;
  const mb = positive(values.mb, 'mb', quick ? 64 : 1024);
  return {
    help: values.help,
    quick,
    mb,
    singleMb: positive(values['single-mb'], 'single-mb', quick ? 64 : mb),
    runs: positive(values.runs, 'runs', quick ? 1 : 3),
    appendMb: positive(values['append-mb'], 'append-mb', 1),
    appendFiles: positive(values['append-files'], 'append-files', 10),
    seed: positive(values.seed, 'seed', 1),
    timeoutMs: positive(values.timeout, 'timeout', 900) * 1000,
    rssGuardMiB: positive(values['rss-guard'], 'rss-guard', 12288),
    makeCorpus: values['make-corpus'],
    build: !values['no-build'],
    single: !values['no-single'],
    ccusage: !values['no-ccusage'],
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
