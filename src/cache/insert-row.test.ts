import { describe, expect, it } from 'vitest';
import { indexTables } from './index-tables.js';
import { prepareInsert } from './insert-row.js';
import { openMemoryIndex } from './open-index.js';

describe('prepareInsert', () => {
  it('writes every declared column of a public table and lets SQLite number the rowid', () => {
    const { db } = openMemoryIndex('test');
    try {
      const columns = (indexTables.find((t) => t.name === 'trees')?.columns ?? []).filter(
        (c) => c.name !== 'id',
      );
      const row = Object.fromEntries(columns.map((c, i) => [c.name, c.type === 'TEXT' ? `v${i}` : i]));
      const id = prepareInsert(db, 'trees')(row);
      expect(db.prepare('SELECT * FROM trees WHERE id = ?').get(id)).toEqual({ id, ...row });
    } finally {
      db.close();
    }
  });

  it('refuses a row without one of the columns (a column added to a table is written or fails at once)', () => {
    const { db } = openMemoryIndex('test');
    try {
      const insert = prepareInsert(db, 'problems');
      expect(() =>
        insert({ session_id: 's', root_session_id: 's', file: 'f', line: 1, type: 't', unit_id: 1 }),
      ).toThrow(/message/);
      expect(() => prepareInsert(db, 'no_such_table')).toThrow(/no_such_table/);
    } finally {
      db.close();
    }
  });
});
