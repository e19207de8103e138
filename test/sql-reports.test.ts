import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedRequests } from '../src/analytics/counted-requests.js';
import { computeErrors } from '../src/analytics/error-report.js';
import { sessionState } from '../src/analytics/session-state.js';
import { summarizeSession } from '../src/analytics/session-summary.js';
import { computeSessionsOverview } from '../src/analytics/sessions-overview.js';
import { computeToolInventory, type InventorySplit } from '../src/analytics/tool-inventory.js';
import { computeUsage, type UsageSplit } from '../src/analytics/usage-report.js';
import { type IndexDb, openIndex } from '../src/cache/open-index.js';
import { queryErrors } from '../src/cache/queries/errors-query.js';
import { selectTrees } from '../src/cache/queries/select-trees.js';
import { querySessionList } from '../src/cache/queries/session-list-query.js';
import { querySessionsOverview } from '../src/cache/queries/sessions-overview-query.js';
import { queryToolInventory } from '../src/cache/queries/tool-inventory-query.js';
import { queryCountedRequests, queryUsage, usagePartKind } from '../src/cache/queries/usage-query.js';
import { refreshIndex } from '../src/cache/refresh-index.js';
import { saveToolDescriptions, storedToolDescriber } from '../src/cache/tool-descriptions.js';
import { storePendingTreeParts } from '../src/cache/tree-parts.js';
import { describeTool } from '../src/cli/describe-tool.js';
import { holdsConversation } from '../src/lifecycle/holds-conversation.js';
import { loadSessions, matchesFilter, type SessionFilter } from '../src/lifecycle/load-sessions.js';
import { readRecordSlice } from '../src/lifecycle/read-record-slice.js';
import { allSessions } from '../src/model/all-sessions.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths, type SessionFileRef } from '../src/sources/index.js';
import { lastWriteMs } from '../src/viewer/last-write.js';
import { corpusDir } from './corpus.js';
import { tempDir, testPrice } from './index-helpers.js';

/** Filters as the CLI parses them (`--since 2025-10-01` is the start of that day, `--until` its end). */
const filters: [string, SessionFilter][] = [
  ['no filter', {}],
  ['--agent claude-code', { agent: 'claude-code' }],
  ['--agent codex', { agent: 'codex' }],
  ['--since 2025-10-01', { since: new Date('2025-10-01T00:00:00.000Z') }],
  ['--until 2025-12-31', { until: new Date('2025-12-31T23:59:59.999Z') }],
  [
    '--since 2025-09-01 --until 2026-01-31',
    { since: new Date('2025-09-01T00:00:00.000Z'), until: new Date('2026-01-31T23:59:59.999Z') },
  ],
  ['--project code', { project: 'code' }],
  ['--project SPOTTER (case-insensitive, cwd or name)', { project: 'SPOTTER' }],
  ['--session 0', { session: '0' }],
  ['--session that matches nothing', { session: 'zzzz' }],
];

const usageSplits: UsageSplit[] = ['day', 'week', 'month', 'session', 'model', 'project', 'agent'];
const toolSplits: (InventorySplit | undefined)[] = [
  undefined,
  'version',
  'project',
  'model',
  'day',
  'week',
  'agent',
  'kind',
];
const describe1 = (agent: string, tool: string) => `${agent}/${tool}`;
const kindOf1 = (_agent: string, tool: string) =>
  tool.length % 3 === 0 ? undefined : `kind${tool.length % 3}`;

describe('reports as SQL over the index rows equal the analytics functions on the whole corpus', () => {
  let cacheDir: string;
  let index: IndexDb;
  let refs: SessionFileRef[];
  let sessions: Session[];

  beforeAll(async () => {
    refs = (await discoverPaths([corpusDir])).files;
    sessions = await loadSessions(refs);
    cacheDir = tempDir('sql-reports');
    index = openIndex({ cacheDir, agentlogVersion: 'test' });
    await refreshIndex(index, { refs, roots: [corpusDir], readSlice: readRecordSlice, sessions: false });
  }, 120_000);
  afterAll(() => {
    index?.db.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  /** What loadData hands the commands: sessions with a conversation, matching, newest first. */
  const expected = (filter: SessionFilter) =>
    sessions
      .filter((s) => holdsConversation(s) && matchesFilter(s, filter))
      .sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));

  it('the corpus has what the comparisons need: copies of requests, failed calls, MCP calls, both agents', () => {
    const all = expected({});
    expect(computeUsage(all, 'day', testPrice).sharedRequests).toBeGreaterThan(0);
    expect(computeErrors(all).groups.length).toBeGreaterThan(5);
    expect(computeToolInventory(all, { mcp: true }).some((r) => r.kind === 'mcp')).toBe(true);
    expect(Object.keys(computeSessionsOverview(all).byAgent).sort()).toEqual(['claude-code', 'codex']);
    // Open and closed last turns, so that the ls states differ.
    const latest = Math.max(...sessions.map((s) => Date.parse(s.endTime ?? '') || 0));
    const states = (now: number) => new Set(all.map((s) => sessionState(s, { now }).state));
    expect([...states(latest + 3 * 86_400_000)].sort()).toEqual(['abandoned', 'ended']);
  });

  it('selects the same sessions, and counts unreadable and metadata-only files the same', () => {
    const selection = selectTrees(index.db, refs, {});
    expect(selection.trees.map((t) => [t.sessionId, t.firstFile])).toEqual(
      expected({}).map((s) => [s.id, s.files[0]]),
    );
    const readable = (s: Session) =>
      !(s.counts.records === 0 && s.counts.errors > 0 && s.subagents.length === 0);
    expect(selection.unreadableFiles).toBe(sessions.filter((s) => !readable(s)).length);
    expect(selection.emptyFiles).toBe(sessions.filter((s) => readable(s) && !holdsConversation(s)).length);
  });

  describe.each(filters)('%s', (_name, filter) => {
    it('sessions overview', () => {
      const selection = selectTrees(index.db, refs, filter);
      expect(selection.trees.map((t) => t.sessionId)).toEqual(expected(filter).map((s) => s.id));
      expect(querySessionsOverview(selection)).toEqual(computeSessionsOverview(expected(filter)));
    });

    it.each(usageSplits)('usage by %s', (by) => {
      const selection = selectTrees(index.db, refs, filter);
      const analytics = computeUsage(expected(filter), by, testPrice);
      expect(queryUsage(selection, by, testPrice)).toStrictEqual(analytics);
      // From the trees' sums (cache/tree-parts.ts): summed and stored by the first call (or by an earlier
      // filter's), read by the second.
      for (const _ of [1, 2]) {
        const again = selectTrees(index.db, refs, filter);
        expect(queryUsage(again, by, testPrice, {}, 'test prices')).toStrictEqual(analytics);
        storePendingTreeParts(again);
      }
      const stored = index.db
        .prepare('SELECT count(*) FROM _tree_parts WHERE kind = ?')
        .pluck()
        .get(usagePartKind(by, {}));
      expect(stored).toBeGreaterThanOrEqual(selection.trees.length);
    });

    it('the counted requests (blocks)', () => {
      const selection = selectTrees(index.db, refs, filter);
      expect(queryCountedRequests(selection)).toStrictEqual(countedRequests(expected(filter)));
    });

    it('usage and tools by Sunday weeks', () => {
      const selection = selectTrees(index.db, refs, filter);
      const options = { weekStart: 'sunday' } as const;
      expect(queryUsage(selection, 'week', testPrice, options)).toStrictEqual(
        computeUsage(expected(filter), 'week', testPrice, options),
      );
      const tools = { by: 'week', ...options, describe: describe1 } as const;
      expect(queryToolInventory(selection, tools)).toStrictEqual(
        computeToolInventory(expected(filter), tools),
      );
    });

    it.each(toolSplits.flatMap((by) => [false, true].map((mcp) => [by ?? 'none', by, mcp] as const)))(
      'tool inventory by %s (mcp: %s)',
      (_label, by, mcp) => {
        const options = { ...(by ? { by } : {}), mcp, describe: describe1, kindOf: kindOf1 };
        const analytics = computeToolInventory(expected(filter), options);
        // The calls grouped afresh, then from the trees' stored groups (cache/tree-parts.ts).
        for (const _ of [1, 2]) {
          const selection = selectTrees(index.db, refs, filter);
          expect(queryToolInventory(selection, options)).toStrictEqual(analytics);
          storePendingTreeParts(selection);
        }
      },
    );

    it('the ls rows, with their states at several times', () => {
      const selection = selectTrees(index.db, refs, filter);
      const latest = Math.max(...sessions.map((s) => Date.parse(s.endTime ?? '') || 0));
      // Just after the newest record, within the idle window, and long after: active/idle, then ended/abandoned.
      for (const now of [latest + 60_000, latest + 30 * 60_000, latest + 3 * 86_400_000]) {
        const rows = expected(filter).map((s) => {
          const write = lastWriteMs(s);
          return {
            ...summarizeSession(s),
            state: sessionState(s, { now, ...(write === undefined ? {} : { lastWriteMs: write }) }).state,
          };
        });
        let through = Number.NaN;
        expect(
          querySessionList(selection, now, (ms) => {
            through = ms;
          }),
        ).toStrictEqual(rows);
        // The states hold through the time it tells, and one changes right after (none ever, when it says so).
        const states = (at: number) => querySessionList(selection, at).map((r) => r.state);
        expect(through).toBeGreaterThanOrEqual(now);
        if (Number.isFinite(through)) {
          expect(states(through)).toEqual(states(now));
          expect(states(through + 1)).not.toEqual(states(now));
        } else expect(states(now + 3_650 * 86_400_000)).toEqual(states(now));
      }
    });

    it('errors', () => {
      const selection = selectTrees(index.db, refs, filter);
      expect(queryErrors(selection)).toStrictEqual(computeErrors(expected(filter)));
    });
  });

  it('counts the calls one by one when a duration is not a whole number of ms (grouped JSON could round it)', () => {
    const [id, sessionId, duration] = index.db
      .prepare(
        'SELECT id, session_id, duration_ms FROM tool_calls WHERE duration_ms > 0 AND id IS NOT NULL ORDER BY rowid LIMIT 1',
      )
      .raw()
      .get() as [string, string, number];
    const fraction = 0.1 + 0.2;
    const call = [...allSessions(sessions)]
      .filter((s) => s.id === sessionId)
      .flatMap((s) => s.toolCalls)
      .find((c) => c.id === id);
    if (!call) throw new Error('call not found');
    index.db.exec('SAVEPOINT fractional');
    index.db.prepare('UPDATE tool_calls SET duration_ms = ? WHERE id = ?').run(duration + fraction, id);
    // As a write of the unit's rows would: its trees' stored groups no longer hold.
    index.db
      .prepare(
        "UPDATE _units SET signature = signature || '+' WHERE id = (SELECT unit_id FROM tool_calls WHERE id = ?)",
      )
      .run(id);
    call.durationMs = duration + fraction;
    try {
      // Grouped afresh (the tree's groups say they cannot be used), then from what was stored.
      for (const _ of [1, 2])
        for (const by of [undefined, 'agent'] as const) {
          const options = { ...(by ? { by } : {}), describe: describe1 };
          const selection = selectTrees(index.db, refs, {});
          expect(queryToolInventory(selection, options)).toStrictEqual(
            computeToolInventory(expected({}), options),
          );
          storePendingTreeParts(selection);
        }
      expect(
        index.db
          .prepare("SELECT count(*) FROM _tree_parts WHERE kind = 'tools' AND part = 'null'")
          .pluck()
          .get(),
      ).toBe(1);
    } finally {
      index.db.exec('ROLLBACK TO fractional');
      index.db.exec('RELEASE fractional');
      call.durationMs = duration;
    }
  });

  it('describes tools from the descriptions the index keeps, as the registries do, until a tool is new', () => {
    expect(storedToolDescriber(index.db)).toBeUndefined();
    saveToolDescriptions(index.db, describeTool);
    const stored = storedToolDescriber(index.db);
    if (!stored) throw new Error('no descriptions kept');
    const selection = selectTrees(index.db, refs, {});
    const rows = queryToolInventory(selection, { describe: stored, mcp: true });
    expect(rows).toStrictEqual(computeToolInventory(expected({}), { describe: describeTool, mcp: true }));
    // Every description the registries give is there (the corpus has built-in, MCP and unknown tools).
    const described = rows.filter((r) => r.description !== null);
    expect(described.length).toBeGreaterThan(5);
    // A tool the descriptions do not cover: they are not used.
    index.db
      .prepare(
        "INSERT INTO tool_calls (tool, session_row, unit_id) SELECT 'NewTool', rowid, unit_id FROM sessions LIMIT 1",
      )
      .run();
    try {
      expect(storedToolDescriber(index.db)).toBeUndefined();
    } finally {
      index.db.prepare("DELETE FROM tool_calls WHERE tool = 'NewTool'").run();
    }
  });
});
