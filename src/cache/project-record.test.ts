import { beforeAll, describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { computeErrors } from '../analytics/error-report.js';
import { summarizeSession } from '../analytics/session-summary.js';
import { computeSessionsOverview } from '../analytics/sessions-overview.js';
import { computeToolInventory, type InventorySplit } from '../analytics/tool-inventory.js';
import { computeUsage, type UsageSplit } from '../analytics/usage-report.js';
import { buildUnit, type UnitFile } from '../lifecycle/build-unit.js';
import { exposedGc } from '../lifecycle/heap-fit.js';
import { loadSessions, readRecordFile } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import { discoverPaths, type SessionFileRef } from '../sources/index.js';
import { cutString, projectRecord, skeletonStringLimit } from './project-record.js';
import { toReportModel } from './report-model.js';

const corpusDir = sharedCorpusDir;

const price = (model: string, usage: { inputTokens: number; outputTokens: number }) =>
  model.startsWith('claude') ? usage.inputTokens * 3e-6 + usage.outputTokens * 15e-6 : null;

/** Every report number the commands print, as one comparable object. */
function reports(sessions: Session[]) {
  return {
    overview: computeSessionsOverview(sessions),
    summaries: sessions.map(summarizeSession),
    tools: [undefined, 'version', 'project', 'model', 'day', 'agent'].map((by) =>
      computeToolInventory(sessions, { ...(by ? { by: by as InventorySplit } : {}), mcp: by === 'agent' }),
    ),
    usage: (['day', 'month', 'session', 'model', 'project', 'agent'] as UsageSplit[]).map((by) =>
      computeUsage(sessions, by, price),
    ),
    errors: computeErrors(sessions),
  };
}

describe('projectRecord', () => {
  it('keeps short values and cuts long strings to head and tail with a length and a hash', () => {
    const long = `${'a'.repeat(1500)}MIDDLE${'z'.repeat(1500)}`;
    const projected = projectRecord({ type: 'user', n: 1, ok: true, short: 'x', long });
    expect(projected).toMatchObject({ type: 'user', n: 1, ok: true, short: 'x' });
    const cut = projected.long as string;
    expect(cut.length).toBeLessThan(skeletonStringLimit + 100);
    expect(cut.startsWith('a'.repeat(skeletonStringLimit / 2))).toBe(true);
    expect(cut.endsWith('z'.repeat(skeletonStringLimit / 2))).toBe(true);
    expect(cut).toContain(`${long.length} characters`);
    expect(cut).not.toContain('MIDDLE');
    // Equal strings give equal cuts; strings that differ only in the middle do not.
    expect(cutString(long)).toBe(cut);
    expect(cutString(long.replace('MIDDLE', 'middle'))).not.toBe(cut);
  });

  it('keeps conversation text longer than tool payloads', () => {
    const text = 'p'.repeat(10_000);
    const projected = projectRecord({
      message: {
        content: [
          { type: 'text', text },
          { type: 'tool_result', content: text },
        ],
      },
    });
    const [block, result] = (projected.message as { content: { text?: string; content?: string }[] }).content;
    expect(block?.text).toBe(text);
    expect(result?.content?.length).toBeLessThan(skeletonStringLimit + 100);
  });

  it('projects long JSON held in a string so that it still parses', () => {
    const output = JSON.stringify({ output: 'o'.repeat(10_000), metadata: { exit_code: 2 } });
    const projected = projectRecord({ payload: { type: 'function_call_output', output } });
    const decoded = JSON.parse((projected.payload as { output: string }).output) as {
      output: string;
      metadata: { exit_code: number };
    };
    expect(decoded.metadata.exit_code).toBe(2);
    expect(decoded.output.length).toBeLessThan(skeletonStringLimit + 100);
  });

  it('drops base64 payloads and bulky keys', () => {
    const projected = projectRecord({
      message: {
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }],
      },
      toolUseResult: {
        type: 'update',
        filePath: '/a',
        originalFile: 'x',
        structuredPatch: [{ lines: ['-a'] }],
      },
    });
    expect(projected).toEqual({
      message: { content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png' } }] },
      toolUseResult: { type: 'update', filePath: '/a' },
    });
  });

  it('never splits a surrogate pair', () => {
    const text = `${'x'.repeat(skeletonStringLimit / 2 - 1)}😀${'y'.repeat(5000)}😀${'z'.repeat(skeletonStringLimit / 2 - 1)}`;
    const cut = cutString(text);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(cut).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});

describe('projectRecord and memory', () => {
  it('keeps nothing of a cut string alive but its head and tail', () => {
    const gc = exposedGc();
    expect(gc).toBeDefined();
    const collect = gc as () => void;
    collect();
    const before = process.memoryUsage().heapUsed;
    const kept: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      // A fresh string of its own, as JSON.parse gives one (50 MiB in all).
      const value = JSON.parse(
        JSON.stringify({ type: 'user', toolUseResult: { stdout: `${i}${'x'.repeat(1_250_000)}` } }),
      );
      kept.push(projectRecord(value));
    }
    collect();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept).toHaveLength(40);
    // 40 cuts of about 2,000 characters: well under a megabyte. A cut that kept its whole string held 50 MiB.
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('sessions built from skeletons on the corpus', () => {
  let refs: SessionFileRef[] = [];
  let full: Session[] = [];
  let fromSkeletons: Session[] = [];
  let fromFullRecords: Session[] = [];

  beforeAll(async () => {
    refs = (await discoverPaths([corpusDir])).files;
    full = await loadSessions(refs);
    const read = async (project: boolean) => {
      const files = new Map<string, UnitFile>();
      for (const ref of refs) {
        const file = await readRecordFile(ref.path);
        files.set(ref.path, {
          ...file,
          records: project
            ? file.records.map((r) => ({ ...r, value: projectRecord(r.value) }))
            : file.records,
        });
      }
      return (await buildUnit(refs, (path) => files.get(path))).map((b) => b.session);
    };
    fromFullRecords = await read(false);
    fromSkeletons = await read(true);
  });

  it('groups and builds like loadSessions (full records, one unit for the whole corpus)', () => {
    expect(fromFullRecords.length).toBe(full.length);
    expect(JSON.stringify(fromFullRecords)).toBe(JSON.stringify(full));
  });

  it('gives the same tool inventory, usage, errors, overview and session list from skeletons', () => {
    expect(fromSkeletons.length).toBe(full.length);
    expect(reports(fromSkeletons)).toEqual(reports(full));
  });

  it('gives the same reports from report models as from full sessions', () => {
    const models = JSON.parse(JSON.stringify(fromSkeletons.map(toReportModel))) as Session[];
    expect(reports(models)).toEqual(reports(full));
  });

  it('skeletons are much smaller than the records', async () => {
    let raw = 0;
    let projected = 0;
    for (const ref of refs) {
      for (const { value } of (await readRecordFile(ref.path)).records) {
        raw += JSON.stringify(value).length;
        projected += JSON.stringify(projectRecord(value)).length;
      }
    }
    expect(projected / raw).toBeLessThan(0.5);
  });
});
