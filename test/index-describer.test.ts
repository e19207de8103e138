// Which describer a report over the index uses for its tools (cli/index-report-data.ts): after a refresh that
// read log lines, the registries as they are (loaded already); otherwise the descriptions the index keeps,
// when they cover its tools, else the registries', kept for the next runs.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openIndex } from '../src/cache/open-index.js';
import { storedToolDescriber } from '../src/cache/tool-descriptions.js';
import { describeTool } from '../src/cli/describe-tool.js';
import { indexDescriber } from '../src/cli/index-report-data.js';
import { copyCorpus, refreshed, tempDir } from './index-helpers.js';

const project =
  'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the describer of a report over the index', () => {
  it('is the registries after a refresh that read lines, kept descriptions otherwise', async () => {
    const logs = tempDir('describer-logs');
    const cache = tempDir('describer-cache');
    dirs.push(logs, cache);
    copyCorpus(logs, [project]);
    await refreshed(cache, logs);
    const index = openIndex({ cacheDir: cache, agentlogVersion: 'test' });
    try {
      const tools = index.db.prepare('SELECT DISTINCT tool FROM tool_calls').pluck().all() as string[];
      expect(tools.length).toBeGreaterThan(3);
      // After reading lines: the registries, and nothing written.
      expect(await indexDescriber(index.db, true)).toBe(describeTool);
      expect(storedToolDescriber(index.db)).toBeUndefined();
      // Without: the registries' descriptions kept, then used from the index.
      expect(await indexDescriber(index.db)).toBe(describeTool);
      const stored = storedToolDescriber(index.db);
      if (!stored) throw new Error('no descriptions kept');
      const again = await indexDescriber(index.db);
      expect(again).not.toBe(describeTool);
      for (const tool of tools) expect(again('claude-code', tool)).toBe(describeTool('claude-code', tool));
    } finally {
      index.db.close();
    }
  });
});
