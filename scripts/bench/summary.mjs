// Targets of issues 17 and 19, the verdict per measurement, and the text of the results (console and BENCHMARKS.md).
import { median } from './measure.mjs';
import { profileLine } from './profile.mjs';

/**
 * The issue's targets (2-core machine, the corpus of `--mb 256 --seed 3 --single-mb 64`), by measurement id:
 * `ratio` to ccusage's median in the same run, `seconds` of median wall time, `rssMiB` of peak RSS, `share` of the
 * corpus bytes (the index size).
 */
export const TARGETS = {
  'report-cold': { ratio: 3, rssMiB: 300 },
  'index-size': { share: 0.25 },
  'report-warm': { ratio: 0.3, rssMiB: 300 },
  'report-append': { ratio: 0.6, rssMiB: 300 },
  'usage-cold': { ratio: 1, rssMiB: 300 },
  version: { seconds: 0.1 },
  'single-report': { rssMiB: 400 },
  // Issue 19: a status line call on the active session while it grows.
  statusline: { seconds: 0.1, rssMiB: 100 },
};

/** The row of the index size: `bytes` of the cache folder after a cold run, against the corpus's `corpusBytes`. */
export function indexRow({ bytes, corpusBytes }) {
  const share = bytes / corpusBytes;
  return {
    id: 'index-size',
    label: `index size after a cold run: ${mib(bytes / 2 ** 20)}, ${percent(share)} of the corpus`,
    kind: 'size',
    bytes,
    corpusBytes,
    share,
    runs: [],
    failed: [],
    ok: Number.isFinite(share),
  };
}

export const BEGIN = '<!-- bench:begin (written by `npm run bench`; edits inside are replaced) -->';
export const END = '<!-- bench:end -->';

/** Figures of one measurement from its runs: median wall time, its range, peak RSS (max over runs). */
export function summarize(measurement) {
  const { runs } = measurement;
  const failed = runs.filter((run) => run.exitCode !== 0 || run.killedFor !== undefined);
  const walls = runs.map((run) => run.wallMs);
  return {
    ...measurement,
    failed,
    ok: failed.length === 0 && runs.length > 0,
    medianMs: median(walls),
    minMs: Math.min(...walls),
    maxMs: Math.max(...walls),
    peakRssMiB: Math.max(...runs.map((run) => run.peakRssKiB)) / 1024,
    cpuMedianMs: runs.every((run) => run.cpuMs !== undefined)
      ? median(runs.map((run) => run.cpuMs))
      : undefined,
  };
}

/**
 * Adds `ratio` (median over the median of its baseline) and the verdicts against TARGETS: `time` (seconds or
 * ratio to ccusage), `size` (index share of the corpus), `rss` = { target, met }, and `why` for what is not met
 * when the cause is known here. `met` is undefined when there is nothing to judge (no ccusage in this run).
 */
export function judge(rows, { indexed }) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const base = row.baseline ? byId.get(row.baseline) : undefined;
    const ratio = base?.ok && row.ok ? row.medianMs / base.medianMs : undefined;
    const target = TARGETS[row.id];
    const judged = { ...row, ratio, why: [] };
    if (!target) return judged;
    if (target.seconds !== undefined)
      judged.time = {
        target: `≤ ${target.seconds} s`,
        met: row.ok && row.medianMs <= target.seconds * 1000,
      };
    if (target.ratio !== undefined)
      judged.time = {
        target: `≤ ${target.ratio}× ccusage`,
        met: !row.ok ? false : base?.ok ? ratio <= target.ratio : undefined,
      };
    if (target.share !== undefined)
      judged.size = {
        target: `≤ ${percent(target.share)} of the corpus`,
        met: row.ok && row.share <= target.share,
      };
    if (target.rssMiB !== undefined)
      judged.rss = { target: `≤ ${target.rssMiB} MiB`, met: row.ok && row.peakRssMiB <= target.rssMiB };
    if (!row.ok) judged.why.push(row.failed[0] ? failureText(row.failed[0]) : 'not measured');
    else if (
      judged.time?.met === false &&
      !indexed &&
      (row.id === 'report-warm' || row.id === 'report-append')
    )
      judged.why.push(
        'no persistent index in this build (no `--cache-dir` option, nothing written to the cache folder): every run re-reads and re-parses the whole corpus',
      );
    return judged;
  });
}

/** One line on how a run failed: exit status or kill reason, and the telling line of its stderr. */
export function failureText(run) {
  const how =
    run.killedFor === 'memory'
      ? 'killed: resident memory passed the guard'
      : run.killedFor === 'timeout'
        ? 'killed: timed out'
        : run.signal
          ? `ended by ${run.signal}`
          : `exit ${run.exitCode}`;
  const lines = run.stderrTail.split('\n').map((line) => line.trim());
  const telling =
    lines.find((line) => /FATAL ERROR|out of memory|Error:|error:/i.test(line)) ??
    lines.filter(Boolean).at(-1);
  return telling ? `${how}: ${telling.slice(0, 200)}` : how;
}

export function seconds(ms) {
  if (ms === undefined || !Number.isFinite(ms)) return 'n/a';
  if (ms < 1000) return `${(ms / 1000).toFixed(3)} s`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function mib(value) {
  return Number.isFinite(value) ? `${Math.round(value)} MiB` : 'n/a';
}

function percent(share) {
  return Number.isFinite(share) ? `${Math.round(share * 100)}%` : 'n/a';
}

function ratioText(ratio) {
  return ratio === undefined ? '' : `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1)}×`;
}

function verdict(check) {
  if (!check) return '';
  if (check.met === undefined) return `${check.target}: no baseline`;
  return `${check.target}: ${check.met ? 'met' : '**not met**'}`;
}

/** The rows as [header, ...cells] for both renderings. */
function cells(rows, runs) {
  const header = [
    'Measurement',
    `Wall (median of ${runs})`,
    'Range',
    'CPU (median)',
    'Peak RSS',
    'vs ccusage',
    'Target (time or size)',
    'RSS target',
  ];
  const body = rows.map((row) =>
    row.kind === 'size'
      ? [row.label, '', '', '', '', '', verdict(row.size), '']
      : [
          row.label,
          row.ok ? seconds(row.medianMs) : `failed (${row.failed.length}/${row.runs.length})`,
          row.runs.length > 1 ? `${seconds(row.minMs)} – ${seconds(row.maxMs)}` : '',
          row.ok ? seconds(row.cpuMedianMs) : '',
          mib(row.peakRssMiB),
          ratioText(row.ratio),
          verdict(row.time),
          verdict(row.rss),
        ],
  );
  return [header, ...body];
}

/** A plain-text table for the console. */
export function consoleTable(rows, runs) {
  const table = cells(rows, runs).map((line) => line.map((cell) => cell.replaceAll('**', '')));
  const widths = table[0].map((_, i) => Math.max(...table.map((line) => line[i].length)));
  const render = (line) =>
    line
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [render(table[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(render)].join(
    '\n',
  );
}

/** The Markdown that goes between the markers of BENCHMARKS.md. */
export function markdownSection({ rows, runs, context }) {
  const { machine, agentlog, ccusage, corpus, single, command, date, tookMs, buildMs, notes } = context;
  const table = cells(rows, runs);
  const line = (cellsOfLine) => `| ${cellsOfLine.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  const out = [
    BEGIN,
    '',
    `Run of ${date}: \`${command}\`, took ${duration(tookMs)}${buildMs > 0 ? ` (of which ${duration(buildMs)} building the corpora)` : ' (corpora already built)'}.`,
    '',
    `- Machine: ${machine.cores} cores (nproc), ${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB memory, ${machine.cpu}, ${machine.os}, Node ${machine.node}.`,
    `- agentlog ${agentlog.version} at \`${agentlog.commit}\`; persistent index: ${indexText(agentlog)}.`,
    `- Corpus: ${(corpus.bytes / 2 ** 20).toFixed(0)} MiB in ${corpus.files.toLocaleString('en-US')} files, ${corpus.lines.toLocaleString('en-US')} lines (Claude Code and Codex, \`make-corpus.mjs --mb ${corpus.mb} --seed ${corpus.seed} --single-mb ${corpus.activeMb}\`), under \`HOME/.claude\` and \`HOME/.codex\`, including one active Claude Code session of ${(corpus.bigBytes / 2 ** 20).toFixed(0)} MiB.`,
    single
      ? `- Single file: one Claude Code session of ${(single.bytes / 2 ** 20).toFixed(0)} MiB (\`--single-mb ${single.mb}\`), alone in its own HOME.`
      : '- Single file: skipped.',
    ccusage
      ? `- Baseline: ccusage ${ccusage.version} (${ccusage.kind}), \`ccusage daily --json --offline\` with \`CLAUDE_CONFIG_DIR\`/\`CODEX_HOME\` on the same corpus.`
      : '- Baseline: skipped (no ratios).',
    `- Commands, each a whole process with \`HOME\`, \`CLAUDE_CONFIG_DIR\`, \`CODEX_HOME\` on the corpus and \`XDG_CACHE_HOME\` on a bench folder (agentlog from a copy of \`dist/\` taken at the start): ${[...new Set(rows.map((row) => row.display).filter(Boolean))].map((d) => `\`${d}\``).join(', ')}.`,
    `- Load average (1 min) ${context.load[0].toFixed(2)} at the start, ${context.load[1].toFixed(2)} at the end, on ${machine.cores} cores${context.load[0] > machine.cores / 2 || context.load[1] > machine.cores / 2 ? ': other work shared the machine, so the times are noisy' : ''}.`,
    `- Each measurement runs ${runs} time${runs === 1 ? '' : 's'}; wall time and CPU time (user + system, all threads) are medians, peak RSS the largest of the runs (${context.rssSource}). CPU time is less disturbed than wall time when other work shares the machine. "Cold" means an empty cache folder (the files are in the OS page cache).`,
    ...(isIssueSetup(corpus, single)
      ? []
      : [
          '- The targets are set for the corpus of `--mb 256 --seed 3 --single-mb 64` and a single file of 1024 MiB; this run used other sizes, so the verdicts are indicative.',
        ]),
    '',
    line(table[0]),
    line(table[0].map(() => '---')),
    ...table.slice(1).map(line),
    '',
  ];
  const unmet = unmetLines(rows);
  if (unmet.length > 0) out.push('Not met or failed:', '', ...unmet, '');
  if (notes.length > 0) out.push('Notes:', '', ...notes.map((note) => `- ${note}`), '');
  const profiled = rows.filter((row) => row.profile);
  if (profiled.length > 0)
    out.push(
      'Profiles (self time of one more run with `node --cpu-prof`, every thread; the largest shares of the busy time):',
      '',
      ...profiled.map(
        (row) =>
          `- ${row.label} (${seconds(row.profile.totalMs)} busy on ${row.profile.threads} thread(s), ` +
          `${seconds(row.profile.idleMs)} idle): ${profileLine(row.profile)}.`,
      ),
      '',
    );
  out.push(END);
  return out.join('\n');
}

/** Whether the run used the corpora the targets are set for (the single file only when it was measured). */
function isIssueSetup(corpus, single) {
  return corpus.mb === 256 && corpus.activeMb === 64 && corpus.seed === 3 && (!single || single.mb === 1024);
}

/** One line per measurement that failed or missed a target: what was missed and why when known. */
export function unmetLines(rows) {
  const lines = [];
  for (const row of rows) {
    const missed = [
      row.time?.met === false ? `time, ${row.time.target}` : '',
      row.size?.met === false ? `size, ${row.size.target}` : '',
      row.rss?.met === false ? `peak RSS, ${row.rss.target}` : '',
    ].filter(Boolean);
    if (missed.length === 0 && row.ok) continue;
    const why = row.why.length > 0 ? row.why.join('; ') : 'see the notes below';
    lines.push(`- ${row.label}${missed.length > 0 ? ` (${missed.join('; ')})` : ''}: ${why}.`);
  }
  return lines;
}

function indexText(agentlog) {
  if (agentlog.cacheDirOption) return 'yes (`--cache-dir` given a fresh folder for every cold run)';
  if (agentlog.indexed)
    return 'yes, in `XDG_CACHE_HOME` (no `--cache-dir` option yet; emptied for every cold run)';
  return 'no (no `--cache-dir` option, nothing written to `XDG_CACHE_HOME`)';
}

/** `text` with the marked section replaced by `section` (appended when there are no markers). */
export function replaceSection(text, section) {
  const begin = text.indexOf('<!-- bench:begin');
  const end = text.indexOf(END, begin);
  if (begin !== -1 && end > begin) return text.slice(0, begin) + section + text.slice(end + END.length);
  return `${text.trimEnd()}${text.trim() === '' ? '' : '\n\n'}${section}\n`;
}

export function duration(ms) {
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${minutes} min ${total % 60} s` : `${total} s`;
}
