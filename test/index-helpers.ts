import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { computeErrors } from '../src/analytics/error-report.js';
import { summarizeSession } from '../src/analytics/session-summary.js';
import { computeSessionsOverview } from '../src/analytics/sessions-overview.js';
import { computeToolInventory, type InventorySplit } from '../src/analytics/tool-inventory.js';
import { computeUsage, type UsageSplit } from '../src/analytics/usage-report.js';
import { type IndexDb, openIndex } from '../src/cache/open-index.js';
import { type RefreshResult, refreshIndex } from '../src/cache/refresh-index.js';
import { loadSessions } from '../src/lifecycle/load-sessions.js';
import { readRecordSlice } from '../src/lifecycle/read-record-slice.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir } from './corpus.js';

/** A fixed price for Claude models, none for others (so unpriced paths are exercised too). */
export function testPrice(
  model: string,
  usage: { inputTokens: number; outputTokens: number },
): number | null {
  return model.startsWith('claude') ? usage.inputTokens * 3e-6 + usage.outputTokens * 15e-6 : null;
}

/** Every report number the commands print, in session order, as one comparable object. */
export function reports(sessions: Session[]) {
  return {
    overview: computeSessionsOverview(sessions),
    summaries: sessions.map(summarizeSession),
    tools: [undefined, 'version', 'project', 'model', 'day', 'agent'].map((by) =>
      computeToolInventory(sessions, { ...(by ? { by: by as InventorySplit } : {}), mcp: by === 'agent' }),
    ),
    usage: (['day', 'month', 'session', 'model', 'project', 'agent'] as UsageSplit[]).map((by) =>
      computeUsage(sessions, by, testPrice),
    ),
    errors: computeErrors(sessions),
  };
}

export { tempDir } from './helpers/temp-dir.js';

/** Copies corpus folders (relative to the corpus) into `target`, keeping their layout. */
export function copyCorpus(target: string, relatives: readonly string[]): void {
  for (const relative of relatives) {
    const to = path.join(target, relative);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(corpusDir, relative), to, { recursive: true });
  }
}

/** Sessions read without the index, in loadSessions order. */
export async function coldSessions(root: string): Promise<Session[]> {
  return loadSessions((await discoverPaths([root])).files);
}

/** Refreshes the index in `cacheDir` for the files under `root`. */
export async function refreshed(cacheDir: string, root: string, version = 'test'): Promise<RefreshResult> {
  const index: IndexDb = openIndex({ cacheDir, agentlogVersion: version });
  try {
    return await refreshIndex(index, {
      refs: (await discoverPaths([root])).files,
      roots: [root],
      readSlice: readRecordSlice,
    });
  } finally {
    index.db.close();
  }
}
