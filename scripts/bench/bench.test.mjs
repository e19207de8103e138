// Checks of the benchmark's own logic: `node --test scripts/bench/` (not part of `npm test`).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { appendRecords, makeAppendChunk, restoreAppends } from './append-records.mjs';
import { median } from './measure.mjs';
import { parseOptions } from './options.mjs';
import { BEGIN, END, judge, replaceSection, summarize } from './summary.mjs';

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
  const chunk = makeAppendChunk(text, 2000);
  const records = chunk
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.ok(Buffer.byteLength(chunk) >= 2000);
  for (const record of records) {
    assert.equal(record.sessionId, SESSION);
    assert.ok(!text.includes(record.uuid), 'uuid is fresh');
    assert.notEqual(record.message.id, 'msg_abcdefgh');
    assert.ok(record.requestId.startsWith('req_'));
    assert.ok(Date.parse(record.timestamp) > Date.parse('2025-01-01T10:05:00.000Z'));
  }
  assert.equal(new Set(records.map((r) => r.uuid)).size, records.length, 'no id repeats across passes');
  const [a, b] = records;
  assert.ok(a.parentUuid === b.uuid || b.parentUuid === a.uuid, 'links kept within a pass');
});

test('appends are undone from the journal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  try {
    const file = join(dir, `${SESSION}.jsonl`);
    const original = `${claudeLine('aaaaaaaa-0000-4000-8000-000000000001', null, '2025-01-01T10:00:00.000Z')}\n`;
    writeFileSync(file, original);
    const mtime = statSync(file).mtimeMs;
    const journal = join(dir, 'journal.json');
    const bytes = appendRecords([file], 4096, journal);
    assert.equal(statSync(file).size, Buffer.byteLength(original) + bytes);
    assert.equal(restoreAppends(journal), 1);
    assert.equal(readFileSync(file, 'utf8'), original);
    assert.ok(Math.abs(statSync(file).mtimeMs - mtime) < 1);
    assert.equal(restoreAppends(journal), 0, 'nothing left to undo');
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

test('targets: time, ratio to ccusage, peak RSS, and failed runs', () => {
  const run = (wallMs, peakMiB, exitCode = 0) => ({
    wallMs,
    peakRssKiB: peakMiB * 1024,
    exitCode,
    stderrTail: '',
  });
  const rows = [
    summarize({ id: 'ccusage', label: 'ccusage', runs: [run(2000, 150)] }),
    summarize({ id: 'report-cold', label: 'cold', runs: [run(3000, 250), run(5000, 320), run(3500, 260)] }),
    summarize({ id: 'usage-cold', label: 'usage', baseline: 'ccusage', runs: [run(1500, 100)] }),
    summarize({ id: 'report-warm', label: 'warm', runs: [run(100, 100, 1)] }),
  ];
  const [, cold, usage, warm] = judge(rows, { indexed: true });
  assert.equal(cold.medianMs, 3500);
  assert.deepEqual([cold.time.met, cold.rss.met], [true, false]);
  assert.equal(usage.ratio, 0.75);
  assert.equal(usage.time.met, true);
  assert.equal(warm.ok, false);
  assert.equal(warm.time.met, false);
  assert.match(warm.why[0], /exit 1/);
});

test('options: defaults, --quick, and bad numbers', () => {
  const full = parseOptions([]);
  assert.deepEqual([full.mb, full.singleMb, full.runs, full.write, full.build], [1024, 1024, 3, true, true]);
  const quick = parseOptions(['--quick', '--runs', '2']);
  assert.deepEqual([quick.mb, quick.singleMb, quick.runs, quick.write], [64, 64, 2, false]);
  assert.equal(parseOptions(['--mb', '256']).singleMb, 256);
  assert.throws(() => parseOptions(['--mb', 'lots']), /--mb needs a positive number, got "lots"/);
});
