import { describe, expect, it } from 'vitest';
import { corpusMoreDir, corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { bashCall, sessionOf } from '../../test/session-fixtures.js';
import { loadSessions } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import { emptyUsage } from '../model/usage.js';
import { discoverPaths } from '../sources/index.js';
import { createStoredTreesReader } from './model-rows.js';
import { openMemoryIndex } from './open-index.js';
import { toReportModel } from './report-model.js';
import { encodeStoredSession } from './report-model-codec.js';
import { createRowWriter } from './row-writer.js';

const corpusDir = sharedCorpusDir;

/** Objects with their keys sorted, `undefined` values dropped: equal content compares equal. */
function canonical(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** `root` stored in an index of its own (its items kept in its stored sessions), given back. */
function storedAndRead(root: Session): Session {
  const index = openMemoryIndex('test');
  try {
    createRowWriter(index.db).write(root, 1, undefined, false);
    const [tree] = createStoredTreesReader(index.db)(1);
    if (!tree) throw new Error('no stored tree');
    return tree.session;
  } finally {
    index.db.close();
  }
}

/** The stored forms of the sessions of a tree, each as JSON. */
function storedForms(root: Session, rowBacked: boolean): string[] {
  const forms: string[] = [];
  const visit = (session: Session, entry?: Session['subagents'][number]) => {
    forms.push(encodeStoredSession(session, entry, rowBacked));
    for (const sub of session.subagents) visit(sub.session, sub);
  };
  visit(root);
  return forms;
}

describe('report model codec', () => {
  it('keeps zero durations, absent fields and calls of another session id', () => {
    const model = sessionOf({
      messages: [{ id: 'm', role: 'user', kind: 'prompt', parts: [], location: { file: '/f', line: 1 } }],
      toolCalls: [
        {
          ...bashCall('c', 'ok', 2, { durationMs: 0, sessionId: 'parent' }),
          name: 'Task',
          canonicalName: 'Agent',
          result: { text: '', content: undefined, location: { file: '/g', line: 3 }, exitCode: 0 },
        },
        bashCall('d', 'missing', 4),
      ],
      usageEntries: [
        {
          usage: {
            ...emptyUsage(),
            inputTokens: 1,
            outputTokens: 2,
            cacheWriteTokens: 3,
            cacheReadTokens: 4,
          },
        },
      ],
      counts: { lines: 1, blankLines: 0, records: 1, errors: 0, recordsByType: {}, unknownRecordTypes: {} },
      problems: [{ location: { file: '/f', line: 9 }, type: 'truncated', message: 'cut' }],
    });
    const decoded = storedAndRead(model);
    expect(canonical(decoded)).toEqual(canonical(model));
    expect(decoded.toolCalls[0]?.durationMs).toBe(0);
    expect('durationMs' in (decoded.toolCalls[1] ?? {})).toBe(false);
  });

  it('gives back every corpus session unchanged', async () => {
    const sessions = await loadSessions((await discoverPaths([corpusDir])).files);
    let plain = 0;
    let packed = 0;
    for (const session of sessions) {
      const model = toReportModel(session);
      expect(canonical(storedAndRead(session))).toEqual(canonical(model));
      plain += JSON.stringify(model).length;
      for (const form of storedForms(session, false)) packed += form.length;
    }
    expect(packed / plain).toBeLessThan(0.5);
  });

  it('packs a built session as it packs its report model, leaving the session as it was', async () => {
    const sessions = await loadSessions((await discoverPaths([corpusDir, corpusMoreDir])).files);
    let withText = 0;
    for (const session of sessions) {
      const before = JSON.stringify(session);
      const model = toReportModel(session);
      for (const rowBacked of [false, true])
        expect(storedForms(session, rowBacked)).toEqual(storedForms(model, rowBacked));
      expect(JSON.stringify(session)).toBe(before);
      // What the reduction leaves out was there to leave out (the test is not of empty sessions).
      if (session.messages.some((m) => m.parts.some((p) => p.type === 'text'))) withText += 1;
    }
    expect(withText).toBeGreaterThan(sessions.length / 2);
  });

  it('stores a session the same whatever order its fields were set in', () => {
    const built = sessionOf({ cwd: '/w', project: 'w', startTime: 'T1', endTime: 'T2', title: 't' });
    // As an append leaves it: the times set before the folder a later record names.
    const { cwd, project, ...rest } = built;
    const appended = { ...rest, title: 't', cwd, project } as Session;
    expect(Object.keys(appended)).not.toEqual(Object.keys(built));
    expect(encodeStoredSession(appended, undefined, false)).toBe(
      encodeStoredSession(built, undefined, false),
    );
    const keys = Object.keys(JSON.parse(encodeStoredSession(appended, undefined, false)).session);
    expect(keys.slice(-6)).toEqual(['isSubagent', 'cwd', 'project', 'startTime', 'endTime', 'title']);
  });
});
