// The chat store reader on hand-made stores: what each row becomes (record, unknown or located error), the
// node's protobuf fields, and stores that are not Cursor's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readSession } from '../../lifecycle/load-sessions.js';
import { parseNode, readCursorChatStore } from './read-chat-store.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agentlog-store-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function store(meta: [string, string][], blobs: [string, Buffer | string][]): string {
  const file = path.join(dir, String(n++), 'store.db');
  const db = new Database(makeDir(file));
  db.exec('CREATE TABLE meta (key TEXT, value TEXT); CREATE TABLE blobs (id TEXT, data BLOB)');
  for (const row of meta) db.prepare('INSERT INTO meta VALUES (?, ?)').run(...row);
  for (const [id, data] of blobs)
    db.prepare('INSERT INTO blobs VALUES (?, ?)').run(
      id,
      typeof data === 'string' ? Buffer.from(data) : data,
    );
  db.close();
  return file;
}
function makeDir(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
const hex = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('hex');
const id = (c: string) => c.repeat(64);

describe('readCursorChatStore', () => {
  it('makes each row a record, an unknown or a located error, in row order', () => {
    const user = { role: 'user', content: 'hi' };
    const root = Buffer.concat([
      Buffer.from([0x0a, 0x20]),
      Buffer.from(id('a'), 'hex'),
      Buffer.from([0x0a, 0x20]),
      Buffer.from(id('b'), 'hex'),
      Buffer.from([0x0a, 0x20]),
      Buffer.from(id('e'), 'hex'),
    ]);
    const file = store(
      [
        ['0', hex({ agentId: 'x', latestRootBlobId: id('r') })],
        ['cwd', '/work'],
      ],
      [
        [id('a'), JSON.stringify(user)],
        [id('b'), '{"role": "assistant", "content": ['], // reached, broken JSON
        [id('c'), JSON.stringify({ role: 'user', content: 'old' })], // not reached
        [id('r'), root],
        [id('d'), Buffer.from([0xff, 0xff])], // not reached, not JSON
      ],
    );
    const read = readCursorChatStore(file);
    expect(read.lines).toBe(7);
    const kinds = read.records.map((r) => [r.line, r.value.cursorStore]);
    expect(kinds).toEqual([
      [1, 'meta'],
      [2, 'meta-entry'],
      [3, 'message'],
      [5, 'unreferenced'],
      [6, 'node'],
      [7, 'unreferenced'],
    ]);
    expect(read.errors.map((e) => e.line)).toEqual([4]);
    // The root's children in order, one of which (e) the store does not hold.
    expect(read.records.find((r) => r.value.cursorStore === 'node')?.value.children).toEqual([
      id('a'),
      id('b'),
      id('e'),
    ]);
  });

  it('a store with a missing blob, a broken meta row, or no Cursor tables reads without throwing', async () => {
    const broken = store([['0', 'not hex']], [[id('a'), '{}']]);
    const read = readCursorChatStore(broken);
    expect(read.errors).toEqual([{ line: 1, message: expect.stringContaining('meta row 0') }]);
    expect(read.records.map((r) => r.value.cursorStore)).toEqual(['unreferenced']);

    const other = path.join(dir, 'other', 'store.db');
    makeDir(other);
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(readCursorChatStore(other)).toEqual({
      records: [],
      errors: [{ line: 1, message: expect.stringContaining('no meta and blobs tables') }],
      lines: 1,
    });
    const notSqlite = path.join(dir, 'text', 'store.db');
    makeDir(notSqlite);
    writeFileSync(notSqlite, 'hello');
    expect(readCursorChatStore(notSqlite).errors).toHaveLength(1);

    const missing = store(
      [['0', hex({ agentId: 'm', latestRootBlobId: id('r') })]],
      [[id('r'), Buffer.concat([Buffer.from([0x0a, 0x20]), Buffer.from(id('f'), 'hex')])]],
    );
    const session = await readSession(missing);
    expect(session?.problems.map((p) => [p.type, p.location.line])).toEqual([['missing-blob', 2]]);
  });
});

describe('parseNode', () => {
  it('reads child ids, the workspace and varint or fixed fields; refuses what is not protobuf', () => {
    const child = Buffer.alloc(32, 7);
    const node = Buffer.concat([
      Buffer.from([0x0a, 0x20]),
      child,
      Buffer.from([0x10, 0x96, 0x01]), // field 2, varint 150
      Buffer.from([0x4a, 0x04]),
      Buffer.from('file'), // field 9
    ]);
    expect(parseNode(node)).toEqual({
      children: [child.toString('hex')],
      fields: [
        { field: 1, wireType: 2, length: 32 },
        { field: 2, wireType: 0, length: 2 },
        { field: 9, wireType: 2, length: 4 },
      ],
      workspace: 'file',
    });
    // The mock's root: an empty field 1, then a JSON message.
    expect(
      parseNode(Buffer.concat([Buffer.from([0x0a, 0x00]), Buffer.from('{"role":"assistant","content":[]}')])),
    ).toMatchObject({
      children: [],
      message: { role: 'assistant' },
    });
    // The mock's other blobs: 0x2e is field 5 of wire type 6, which does not exist.
    expect(parseNode(Buffer.from([0x2e, 0x5b, 0x52]))).toBeUndefined();
    expect(parseNode(Buffer.from([0x0a, 0x20, 0x01]))).toBeUndefined();
  });
});
