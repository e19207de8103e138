// The library's validateFiles reads every agent's files: on each agent folder of corpus-more, the "lines" of
// every file (a JSONL line, a record of a JSON document, a row of a Cursor chat store) are counted by a plain
// walk written from FORMATS.md, and each is a record, a line error or blank.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { corpusMoreDir } from '../../test/corpus.js';
import { validateFiles } from './validate-files.js';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The units of a file as the formats define them. */
function units(file: string): number {
  if (path.basename(file) === 'store.db') {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const count = (table: string) =>
        (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      return count('meta') + count('blobs');
    } finally {
      db.close();
    }
  }
  const text = readFileSync(file, 'utf8');
  // A session document (some `.jsonl` files too: entireio's `full.jsonl` is pretty-printed): its header, then
  // one record per entry of its record arrays (Gemini CLI `messages`, Copilot CLI's 2025 `chatMessages` and
  // `timeline`).
  if (file.endsWith('.json') || /^\s*\{\s*\n/.test(text)) {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const entries = ['messages', 'chatMessages', 'timeline'].reduce(
      (n, key) => n + (Array.isArray(doc[key]) ? (doc[key] as unknown[]).length : 0),
      0,
    );
    return 1 + entries;
  }
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe.each(['gemini-cli', 'copilot-cli', 'qwen-code', 'pi', 'cursor'])('validateFiles on %s', (agent) => {
  const files = walk(path.join(corpusMoreDir, agent))
    .filter(
      (f) =>
        f.endsWith('.jsonl') ||
        (f.endsWith('.json') && path.basename(f) !== 'logs.json') ||
        path.basename(f) === 'store.db',
    )
    .sort();

  it('accounts for every line, record or row of every file, read as that agent', async () => {
    const report = await validateFiles(files);
    expect(report.files.map((f) => f.file)).toEqual(files);
    for (const entry of report.files) {
      expect(entry.agent, entry.file).toBe(agent);
      expect(entry.readError, entry.file).toBeUndefined();
      const records = Object.values(entry.records).reduce((a, b) => a + b, 0);
      expect(entry.lines, entry.file).toBe(units(entry.file));
      expect(records + entry.errors + entry.blankLines, entry.file).toBe(entry.lines);
    }
    const records = Object.values(report.records).reduce((a, b) => a + b, 0);
    expect(records + report.errors.length + report.blankLines).toBe(report.lines);
    expect(report.lines).toBe(files.reduce((n, f) => n + units(f), 0));
  });
});
