// Checks of the benchmark's own logic: `node --test scripts/bench/` (not part of `npm test`).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { appendRecords, makeAppendChunk, planAppends, restoreAppends } from './append-records.mjs';
import { countLines, folderBytes } from './corpus.mjs';
import { median } from './measure.mjs';
import { parseOptions } from './options.mjs';
import { groupOf, profileLine, summarizeProfiles } from './profile.mjs';
import { startSubagent, undoSubagent } from './subagent-run.mjs';
import {
  BEGIN,
  consoleTable,
  END,
  indexRow,
  judge,
  markdownSection,
  replaceSection,
  summarize,
  unmetLines,
} from './summary.mjs';

const SESSION = '11111111-2222-4333-8444-555555555555';
const claudeLine = (uuid, parent, time) =>
  JSON.stringify({
    type: 'assistant',
    sessionId: SESSION,
    uuid,
    parentUuid: parent,
    timestamp: time,
    requestId: 'req_abcdefgh',
    message: { id: 'msg_abcdefgh', content: [{ type: 'tool_use', id: 'toolu_abcdefgh' }] },
  });

test('median of odd and even counts', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), undefined);
});

test('a provider prefix is kept and the id made fresh (Bedrock message ids)', () => {
  const line = JSON.stringify({
    type: 'assistant',
    sessionId: SESSION,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    parentUuid: null,
    timestamp: '2025-01-01T10:00:00.000Z',
    requestId: 'req_bdrk_01abcdefgh',
    message: { id: 'msg_bdrk_01abcdefgh', content: [] },
  });
  for (const record of recordsOf(makeAppendChunk(`${line}\n`, 2000))) {
    assert.match(record.message.id, /^msg_bdrk_[A-Za-z0-9]{24}$/);
    assert.match(record.requestId, /^req_bdrk_[A-Za-z0-9]{24}$/);
  }
});

test('call ids of any shape are made fresh, the same in the call and its result', () => {
  const call = JSON.stringify({
    type: 'assistant',
    sessionId: SESSION,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    parentUuid: null,
    timestamp: '2025-01-01T10:00:00.000Z',
    message: {
      id: 'msg_abcdefgh',
      content: [
        { type: 'tool_use', id: 'tooluse_INcQMiKwStaWXf5Tp7Ld7g', name: 'Bash', input: {} },
        { type: 'tool_use', id: 'tool_edge_001', name: 'Read', input: {} },
      ],
    },
  });
  const result = JSON.stringify({
    type: 'user',
    sessionId: SESSION,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000002',
    parentUuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    timestamp: '2025-01-01T10:00:01.000Z',
    toolUseResult: { stdout: '' },
    message: {
      content: [
        { type: 'tool_result', tool_use_id: 'tooluse_INcQMiKwStaWXf5Tp7Ld7g', content: 'ok' },
        { type: 'tool_result', tool_use_id: 'tool_edge_001', content: 'ok' },
      ],
    },
  });
  // (From the first line: each pass over the pool then has the call before its result.)
  const records = chunkFromStart(`${call}\n${result}\n`, 8000);
  const calls = records.flatMap((r) => (r.type === 'assistant' ? r.message.content.map((b) => b.id) : []));
  const results = records.flatMap((r) =>
    r.type === 'user' ? r.message.content.map((b) => b.tool_use_id) : [],
  );
  assert.ok(calls.length >= 4);
  assert.equal(new Set(calls).size, calls.length);
  for (const id of calls) assert.match(id, /^(tooluse_[A-Za-z0-9]{24}|tool_edge_[A-Za-z0-9]{24})$/);
  // Each pass over the pool names its calls' results with the calls' fresh ids.
  assert.deepEqual(new Set(results), new Set(calls.slice(0, results.length)));
});

test('response ids of any shape are made fresh, the same across the records of one response', () => {
  const part = (uuid, parent, text) =>
    JSON.stringify({
      type: 'assistant',
      sessionId: SESSION,
      uuid,
      parentUuid: parent,
      timestamp: '2025-01-01T10:00:00.000Z',
      requestId: 'req_edge_001',
      message: { id: 'msg-1', content: [{ type: 'text', text }] },
    });
  const text = `${part('aaaaaaaa-0000-4000-8000-000000000001', null, 'a')}\n${part('aaaaaaaa-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'b')}\n`;
  const records = chunkFromStart(text, 4000);
  const ids = records.map((r) => `${r.message.id}|${r.requestId}`);
  assert.ok(ids.length >= 4);
  for (const id of ids) assert.doesNotMatch(id, /^msg-1\||\|req_edge_001$/);
  // The two records of a response copied in one pass share its fresh ids; each pass has its own.
  for (let i = 0; i + 1 < ids.length; i += 2) assert.equal(ids[i], ids[i + 1]);
  assert.equal(new Set(ids).size, Math.ceil(ids.length / 2));
});

test("a compaction boundary's copy follows the record before it, by its logical parent", () => {
  const prompt = JSON.stringify({
    type: 'user',
    sessionId: SESSION,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    parentUuid: null,
    timestamp: '2025-01-01T10:00:00.000Z',
    message: { role: 'user', content: 'hello' },
  });
  const boundary = JSON.stringify({
    type: 'system',
    subtype: 'compact_boundary',
    sessionId: SESSION,
    uuid: 'b1',
    logicalParentUuid: 's3',
    timestamp: '2025-01-01T10:00:01.000Z',
  });
  const records = chunkFromStart(`${prompt}\n${boundary}\n`, 2000);
  const boundaries = records.filter((r) => r.subtype === 'compact_boundary');
  assert.ok(boundaries.length >= 2);
  for (const record of boundaries) {
    const before = records[records.indexOf(record) - 1];
    assert.equal(record.logicalParentUuid, before.uuid);
    assert.notEqual(record.uuid, 'b1');
  }
});

/** `makeAppendChunk` from the first line of `text` (its start is otherwise random): a pass over it in file order. */
function chunkFromStart(text, bytes) {
  const random = Math.random;
  Math.random = () => 0;
  try {
    return recordsOf(makeAppendChunk(text, bytes));
  } finally {
    Math.random = random;
  }
}

/** The records of an appended chunk, one per line. */
const recordsOf = (chunk) =>
  chunk
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

test('appended lines keep the session id, get fresh ids and later timestamps', () => {
  const text = [
    claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z'),
    claudeLine(
      'aaaaaaaa-0000-4000-8000-000000000002',
      'aaaaaaaa-0000-4000-8000-000000000001',
      '2025-01-01T10:05:00.000Z',
    ),
    '',
  ].join('\n');
  const chunk = makeAppendChunk(text, 4000);
  const records = recordsOf(chunk);
  assert.ok(Buffer.byteLength(chunk) >= 4000);
  for (const record of records) {
    assert.equal(record.sessionId, SESSION);
    assert.ok(!text.includes(record.uuid), 'uuid is fresh');
    assert.notEqual(record.message.id, 'msg_abcdefgh');
    assert.ok(record.requestId.startsWith('req_'));
    assert.ok(Date.parse(record.timestamp) > Date.parse('2025-01-01T10:05:00.000Z'));
  }
  assert.equal(new Set(records.map((r) => r.uuid)).size, records.length, 'no id repeats across passes');
  // Each record continues the previous one, the first one the file's last record (a running session).
  assert.equal(records[0].parentUuid, 'aaaaaaaa-0000-4000-8000-000000000002');
  for (let i = 1; i < records.length; i++) assert.equal(records[i].parentUuid, records[i - 1].uuid);
});

test('appended lines get fresh uuids where the file has hand-written ones (test fixtures: "s3")', () => {
  const odd = (uuid, parent, time) => JSON.stringify({ ...JSON.parse(claudeLine(uuid, parent, time)), uuid });
  const system = JSON.stringify({
    type: 'system',
    sessionId: SESSION,
    uuid: 's4',
    timestamp: '2025-01-01T10:06:00.000Z',
  });
  const text = [
    claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z'),
    odd('s3', 'aaaaaaaa-0000-4000-8000-000000000001', '2025-01-01T10:05:00.000Z'),
    system,
    '',
  ].join('\n');
  const records = recordsOf(makeAppendChunk(text, 8000));
  const stored = new Set(['aaaaaaaa-0000-4000-8000-000000000001', 's3', 's4']);
  assert.ok(records.length >= 6);
  for (const record of records) assert.ok(!stored.has(record.uuid), `${record.uuid} is fresh`);
  assert.equal(new Set(records.map((r) => r.uuid)).size, records.length);
});

test('appended lines leave out sidechain records', () => {
  const side = JSON.stringify({
    ...JSON.parse(claudeLine('bbbbbbbb-0000-4000-8000-000000000001', null, '2025-01-01T10:01:00.000Z')),
    isSidechain: true,
  });
  const text = [
    claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z'),
    side,
    '',
  ].join('\n');
  const records = recordsOf(makeAppendChunk(text, 4000));
  assert.ok(records.every((r) => r.isSidechain !== true));
});

test('an append stays close to its planned size even when the file has long lines', () => {
  const big = (n) =>
    JSON.stringify({
      type: 'user',
      sessionId: SESSION,
      uuid: `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`,
      timestamp: '2025-01-01T10:00:00.000Z',
      message: { content: 'x'.repeat(90 * 1024) },
    });
  const text = `${big(1)}\n${claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z')}\n${big(2)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const size = Buffer.byteLength(makeAppendChunk(text, 100 * 1024));
    assert.ok(size >= 100 * 1024 && size <= 100 * 1024 * 1.125, `${size} bytes for 100 KiB`);
  }
});

/** Runs `check` on a one-record session file in a folder of its own (removed after). */
function withSession(check) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  try {
    const file = join(dir, `${SESSION}.jsonl`);
    const original = `${claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z')}\n`;
    writeFileSync(file, original);
    check({ dir, file, original, mtime: statSync(file).mtimeMs, journal: join(dir, 'journal.json') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('appends are undone from the journal', () =>
  withSession(({ file, original, mtime, journal }) => {
    const bytes = appendRecords([{ path: file, bytes: 4096 }], journal);
    assert.equal(statSync(file).size, Buffer.byteLength(original) + bytes);
    assert.equal(restoreAppends(journal), 1);
    assert.equal(readFileSync(file, 'utf8'), original);
    assert.ok(Math.abs(statSync(file).mtimeMs - mtime) < 1);
    assert.equal(restoreAppends(journal), 0, 'nothing left to undo');
  }));

test('a subagent started in a session, and undone from the journal', () =>
  withSession(({ dir, file, original, mtime, journal }) => {
    const bytes = startSubagent(file, journal);
    const added = readFileSync(file, 'utf8')
      .slice(original.length)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      added.map((r) => [r.type, r.data?.type]),
      [
        ['assistant', undefined],
        ['progress', 'agent_progress'],
        ['progress', 'agent_progress'],
      ],
    );
    assert.equal(added[0].parentUuid, 'aaaaaaaa-0000-4000-8000-000000000001');
    assert.ok(added.every((r) => r.sessionId === SESSION && r.timestamp > '2025-01-01T10:00:00.000Z'));
    const sub = join(dir, SESSION, 'subagents', 'agent-a3f9c21.jsonl');
    const subRecords = readFileSync(sub, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(subRecords.length, 2);
    assert.ok(subRecords.every((r) => r.sessionId === SESSION));
    assert.ok(existsSync(sub.replace(/\.jsonl$/, '.meta.json')));
    assert.ok(bytes > 0);
    assert.equal(undoSubagent(journal), true);
    assert.equal(readFileSync(file, 'utf8'), original);
    assert.ok(Math.abs(statSync(file).mtimeMs - mtime) < 1);
    assert.equal(existsSync(join(dir, SESSION)), false, 'the folders it made are gone');
    assert.equal(undoSubagent(journal), false, 'nothing left to undo');
  }));

test('the active-session appends: 1 MiB to the big session, 100 KiB to each of 10 other sessions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  try {
    // A session of ~40 KiB per line pair, repeated: big enough to be picked, small enough to write quickly.
    const session = (n) =>
      `${Array.from({ length: 200 }, (_, i) =>
        claudeLine(
          `aaaaaaaa-0000-4000-8000-${String(n * 1000 + i).padStart(12, '0')}`,
          null,
          '2025-01-01T10:00:00.000Z',
        ),
      ).join('\n')}\n`;
    const write = (rel, text) => {
      const path = join(dir, rel);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, text);
      return path;
    };
    const active = write('p/huge/big.jsonl', session(0).repeat(3));
    const files = [active];
    for (let n = 1; n <= 14; n++) files.push(write(`p/s${String(n).padStart(2, '0')}.jsonl`, session(n)));
    files.push(write('p/s01/subagents/agent-x.jsonl', session(20)));
    files.push(write('p/tiny.jsonl', `${claudeLine('aaaaaaaa-0000-4000-8000-00000000ffff', null, 'x')}\n`));
    const plan = planAppends(files.sort(), {
      active,
      activeBytes: 1024 * 1024,
      otherBytes: 100 * 1024,
      count: 10,
    });
    assert.equal(plan.length, 11);
    assert.deepEqual(plan[0], { path: active, bytes: 1024 * 1024 });
    const others = plan.slice(1);
    assert.equal(new Set(others.map((p) => p.path)).size, 10, 'ten different files');
    for (const { path, bytes } of others) {
      assert.equal(bytes, 100 * 1024);
      assert.notEqual(path, active);
      assert.ok(!path.includes('/subagents/') && !path.endsWith('tiny.jsonl'), path);
    }
    const sizes = new Map(plan.map(({ path }) => [path, statSync(path).size]));
    const journal = join(dir, 'journal.json');
    const total = appendRecords(plan, journal);
    const lineMax = Buffer.byteLength(claudeLine(SESSION, null, '2025-01-01T10:00:00.000Z')) + 1;
    for (const { path, bytes } of plan) {
      const grown = statSync(path).size - sizes.get(path);
      assert.ok(grown >= bytes && grown < bytes + lineMax, `${path} grew by ${grown}, ${bytes} planned`);
    }
    assert.ok(total >= 2 * 1024 * 1024 - 24 * 1024 && total < 2 * 1024 * 1024, `${total} bytes in all`);
    assert.equal(restoreAppends(journal), 11);
    for (const [path, size] of sizes) assert.equal(statSync(path).size, size);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the marked section is replaced and the prose around it kept', () => {
  const doc = `# Benchmarks\n\nIntro.\n\n${BEGIN}\nold\n${END}\n\n## Notes\nKept.\n`;
  const next = replaceSection(doc, `${BEGIN}\nnew\n${END}`);
  assert.equal(next, `# Benchmarks\n\nIntro.\n\n${BEGIN}\nnew\n${END}\n\n## Notes\nKept.\n`);
  assert.equal(
    replaceSection('# Benchmarks\n', `${BEGIN}\nx\n${END}`),
    `# Benchmarks\n\n${BEGIN}\nx\n${END}\n`,
  );
});

const run = (wallMs, peakMiB, exitCode = 0) => ({
  wallMs,
  peakRssKiB: peakMiB * 1024,
  exitCode,
  stderrTail: '',
});

test('targets relative to ccusage in the same run: 3x cold, 0.3x warm, 0.6x after appends, 1.0x usage', () => {
  const rows = [
    summarize({ id: 'ccusage', label: 'ccusage', runs: [run(1000, 150), run(800, 150), run(900, 150)] }),
    summarize({
      id: 'report-cold',
      label: 'cold',
      baseline: 'ccusage',
      runs: [run(2600, 250), run(2800, 320)],
    }),
    summarize({ id: 'report-warm', label: 'warm', baseline: 'ccusage', runs: [run(280, 100)] }),
    summarize({ id: 'report-append', label: 'append', baseline: 'ccusage', runs: [run(540, 100)] }),
    summarize({ id: 'usage-cold', label: 'usage', baseline: 'ccusage', runs: [run(950, 100)] }),
  ];
  const [, cold, warm, append, usage] = judge(rows, { indexed: true });
  // ccusage's median is 900 ms: cold 2700/900 = 3.0, warm 280/900 = 0.31, append 540/900 = 0.6, usage 1.06.
  assert.equal(cold.ratio, 3);
  assert.deepEqual([cold.time.met, cold.rss.met], [true, false]);
  assert.equal(cold.time.target, '≤ 3× ccusage');
  assert.deepEqual([warm.time.met, warm.time.target], [false, '≤ 0.3× ccusage']);
  assert.deepEqual([append.time.met, append.time.target], [true, '≤ 0.6× ccusage']);
  assert.deepEqual([usage.time.met, usage.time.target], [false, '≤ 1× ccusage']);
  const unmet = unmetLines([cold, warm, append, usage]).join('\n');
  assert.match(unmet, /- cold \(peak RSS, ≤ 300 MiB\)/);
  assert.match(unmet, /- warm \(time, ≤ 0.3× ccusage\)/);
  assert.match(unmet, /- usage \(time, ≤ 1× ccusage\)/);
  assert.doesNotMatch(unmet, /append/);
});

test('relative targets without ccusage are not judged; a failed run misses its targets', () => {
  const rows = [
    summarize({ id: 'report-cold', label: 'cold', runs: [run(2000, 100)] }),
    summarize({ id: 'report-warm', label: 'warm', baseline: 'ccusage', runs: [run(100, 100, 1)] }),
  ];
  const [cold, warm] = judge(rows, { indexed: true });
  assert.equal(cold.time.met, undefined);
  assert.match(consoleTable([cold], 1), /≤ 3× ccusage: no baseline/);
  assert.deepEqual([warm.ok, warm.time.met, warm.rss.met], [false, false, false]);
  assert.match(warm.why[0], /exit 1/);
  assert.deepEqual(
    unmetLines([cold, warm]).map((line) => line.slice(0, 9)),
    ['- warm (t'],
  );
});

test('agentlog --version: median of its runs against 0.1 s', () => {
  const fast = summarize({
    id: 'version',
    label: 'v',
    runs: [90, 95, 99, 250, 100, 80].map((ms) => run(ms, 50)),
  });
  const slow = summarize({ id: 'version', label: 'v', runs: [90, 120, 130].map((ms) => run(ms, 50)) });
  const [a, b] = judge([fast, slow], { indexed: true });
  assert.equal(a.medianMs, 97);
  assert.deepEqual([a.time.met, a.time.target, b.time.met], [true, '≤ 0.1 s', false]);
  assert.equal(a.rss, undefined);
});

test('index size: the bytes of the cache folder as a share of the corpus, against 25%', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  try {
    mkdirSync(join(dir, 'agentlog', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'agentlog', 'index.sqlite'), Buffer.alloc(3000));
    writeFileSync(join(dir, 'agentlog', 'nested', 'wal'), Buffer.alloc(1000));
    assert.equal(folderBytes(dir), 4000);
    assert.equal(folderBytes(join(dir, 'absent')), 0);
    const [small, large] = judge(
      [
        indexRow({ bytes: folderBytes(dir), corpusBytes: 16000 }),
        indexRow({ bytes: 4001, corpusBytes: 16000 }),
      ],
      { indexed: true },
    );
    assert.deepEqual([small.share, small.size.met, large.size.met], [0.25, true, false]);
    assert.equal(small.size.target, '≤ 25% of the corpus');
    assert.match(small.label, /25% of the corpus/);
    assert.match(unmetLines([small, large])[0], /\(size, ≤ 25% of the corpus\)/);
    assert.equal(unmetLines([small]).length, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('countLines counts newlines across read chunks', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  try {
    const file = join(dir, 'f.jsonl');
    writeFileSync(file, `${'x'.repeat(1500)}\n`.repeat(2000));
    assert.equal(await countLines(file), 2000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('options: the corpus of the issue by default, --quick, and bad numbers', () => {
  const full = parseOptions([]);
  assert.deepEqual(
    [full.mb, full.activeMb, full.seed, full.singleMb, full.runs, full.write, full.build],
    [256, 64, 3, 1024, 3, true, true],
  );
  assert.deepEqual([full.appendActiveKiB, full.appendKiB, full.appendFiles], [1024, 100, 10]);
  const quick = parseOptions(['--quick', '--runs', '2']);
  assert.deepEqual(
    [quick.mb, quick.activeMb, quick.singleMb, quick.runs, quick.write],
    [64, 16, 64, 2, false],
  );
  assert.equal(parseOptions(['--append-kib', '50']).appendKiB, 50);
  assert.throws(() => parseOptions(['--mb', 'lots']), /--mb needs a positive number, got "lots"/);
  assert.throws(() => parseOptions(['--append-mb', '1']), /Unknown option '--append-mb'/);
});

test('the Markdown section lists the commands run, the index row and the missed targets, nothing undefined', () => {
  const rows = judge(
    [
      summarize({ id: 'ccusage', label: 'ccusage', display: 'ccusage daily', runs: [run(1000, 100)] }),
      summarize({
        id: 'report-cold',
        label: 'cold',
        display: 'report',
        baseline: 'ccusage',
        runs: [run(4000, 200)],
      }),
      indexRow({ bytes: 30 * 2 ** 20, corpusBytes: 100 * 2 ** 20 }),
    ],
    { indexed: true },
  );
  const context = {
    machine: { cores: 2, memoryBytes: 2 ** 34, cpu: 'cpu', os: 'os', node: 'v20' },
    agentlog: { version: '0.1.0', commit: 'abc', cacheDirOption: true },
    ccusage: { version: '1', kind: 'native binary' },
    corpus: {
      bytes: 100 * 2 ** 20,
      files: 10,
      lines: 100,
      mb: 256,
      activeMb: 64,
      seed: 3,
      bigBytes: 64 * 2 ** 20,
    },
    command: 'npm run bench',
    date: '2026-01-01T00:00:00Z',
    tookMs: 1000,
    buildMs: 0,
    notes: [],
    load: [0, 0],
    rssSource: 'GNU time',
  };
  const text = markdownSection({ rows, runs: 1, context });
  assert.doesNotMatch(text, /undefined|NaN/);
  assert.match(text, /: `ccusage daily`, `report`\./);
  assert.match(
    text,
    /\| index size after a cold run: 30 MiB, 30% of the corpus \|( {2}\|){5} ≤ 25% of the corpus: \*\*not met\*\* \| {2}\|/,
  );
  assert.match(text, /- cold \(time, ≤ 3× ccusage\)/);
  assert.doesNotMatch(text, /indicative/);
});

test('profiles: self time per file, package, Node internals and V8 pseudo-frames; natives count for their caller', () => {
  const frame = (id, functionName, url, children = [], lineNumber = 0) => ({
    id,
    callFrame: { functionName, url, lineNumber, columnNumber: 0, scriptId: '0' },
    children,
  });
  const profile = {
    nodes: [
      frame(1, '(root)', '', [2, 3, 4, 7]),
      frame(2, '(garbage collector)', ''),
      frame(3, 'readAll', 'file:///repo/.bench/build/dist/reader/read-lines.js', [5], 9),
      frame(4, 'import', 'node:internal/modules/esm/loader', [6]),
      frame(5, 'parse', ''),
      frame(6, 'check', 'file:///x/node_modules/@scope/pkg/lib/a.js'),
      frame(7, 'readSync', 'node:fs'),
    ],
    // Sample i lasts until sample i + 1: 3 ms, 2 ms, 4 ms, 1 ms, 5 ms; the last sample has no end.
    samples: [3, 5, 2, 6, 4, 7],
    timeDeltas: [100, 3000, 2000, 4000, 1000, 5000],
  };
  const summary = summarizeProfiles([
    profile,
    { nodes: [frame(1, '(root)', '', [2]), frame(2, '(idle)', '')], samples: [2, 2], timeDeltas: [0, 1500] },
  ]);
  assert.equal(summary.threads, 2);
  assert.deepEqual([summary.totalMs, summary.idleMs], [15, 1.5]);
  assert.deepEqual(
    summary.groups,
    [
      { name: 'dist/reader/read-lines.js', ms: 5 },
      { name: '(garbage collector)', ms: 4 },
      { name: 'node_modules/@scope/pkg', ms: 1 },
      { name: 'node: module loading', ms: 5 },
    ].sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name)),
  );
  assert.deepEqual(
    summary.functions.slice(0, 3).map((f) => f.name),
    ['import node: module loading:1', '(garbage collector)', 'readAll dist/reader/read-lines.js:10'],
  );
  assert.ok(summary.functions.some((f) => f.name === 'parse dist/reader/read-lines.js' && f.ms === 2));
  assert.equal(groupOf('node:fs'), 'node: fs');
  assert.equal(groupOf('node:internal/streams/readable'), 'node: streams/readable');
  assert.match(profileLine(summary, 2), /^dist\/reader\/read-lines.js 33%, node: module loading 33%$/);
});
