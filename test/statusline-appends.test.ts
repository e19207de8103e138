// The status line while a session grows, with the built CLI as Claude Code runs it: real corpus sessions
// are cut in two, the first part indexed, the rest appended (subagent files too). A call then shows the
// appended requests on top of the stored rows and leaves the index to a refresher in the background; its
// figures must equal those read from the index once refreshed and from an index built afresh, and the
// context must be the last response's as a plain scan of the file finds it.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir } from './corpus.js';
import { builtCli } from './helpers/run-built-cli.js';
import { tempDir } from './index-helpers.js';

const sessions = [
  // With a subagent file.
  'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
  'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample/fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
];

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>, input?: string) {
  const result = spawnSync(process.execPath, [builtCli, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The lines of a JSONL file, cut after `share` of them (at least one on each side). */
function cut(text: string, share: number): [string, string] {
  const lines = text.split(/(?<=\n)/);
  const at = Math.min(lines.length - 1, Math.max(1, Math.round(lines.length * share)));
  return [lines.slice(0, at).join(''), lines.slice(at).join('')];
}

/** The context of the session's last response, by a plain scan: input + cache reads + cache writes. */
function lastContext(file: string): number | undefined {
  let context: number | undefined;
  let at = Number.NEGATIVE_INFINITY;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const value = JSON.parse(line) as {
      type?: string;
      timestamp?: string;
      message?: { model?: string; usage?: Record<string, number> };
    };
    const usage = value.message?.usage;
    if (value.type !== 'assistant' || !usage || value.message?.model === '<synthetic>') continue;
    const time = Date.parse(value.timestamp ?? '');
    if (time < at) continue;
    at = time;
    context =
      (usage.input_tokens ?? 0) +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0);
  }
  return context;
}

function lastTime(file: string): number {
  const times = [...readFileSync(file, 'utf8').matchAll(/"timestamp":"([^"]+)"/g)].map((m) =>
    Date.parse(m[1] ?? ''),
  );
  return Math.max(...times.filter((t) => !Number.isNaN(t)));
}

async function refreshed(cacheDir: string, file: string): Promise<void> {
  const lock = path.join(cacheDir, 'statusline-refresh.lock');
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (!existsSync(lock)) {
      const db = new Database(path.join(cacheDir, 'index.sqlite'), { readonly: true });
      try {
        const row = db.prepare('SELECT size FROM files WHERE path = ?').get(file) as
          | { size: number }
          | undefined;
        if (row?.size === statSync(file).size) return;
      } finally {
        db.close();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the refresher did not bring ${file} into the index`);
}

describe('statusline while the session grows', () => {
  it.each(sessions)(
    'shows the appended requests at once and refreshes the index behind: %s',
    async (session) => {
      const root = tempDir('statusline-appends');
      roots.push(root);
      const source = path.join(corpusDir, session);
      const logs = path.join(root, 'projects', 'p');
      mkdirSync(logs, { recursive: true });
      const file = path.join(logs, path.basename(source));
      const subagentSource = source.replace(/\.jsonl$/, '');
      const files: [string, string][] = [[source, file]];
      if (existsSync(subagentSource)) {
        cpSync(subagentSource, file.replace(/\.jsonl$/, ''), { recursive: true });
        const folder = path.join(file.replace(/\.jsonl$/, ''), 'subagents');
        for (const name of readdirSync(folder))
          files.push([path.join(subagentSource, 'subagents', name), path.join(folder, name)]);
      }
      const rests = files.map(([from, to]) => {
        const [head, rest] = cut(readFileSync(from, 'utf8'), 0.5);
        writeFileSync(to, head);
        return rest;
      });
      const cacheDir = path.join(root, 'cache');
      const env = { HOME: path.join(root, 'home'), AGENTLOG_CACHE_DIR: cacheDir };
      expect(run(['cache', 'update', logs], env).code).toBe(0);
      for (const [i, [, to]] of files.entries()) appendFileSync(to, rests[i] as string);

      const input = JSON.stringify({
        session_id: path.basename(file, '.jsonl'),
        transcript_path: file,
        model: { id: 'claude-sonnet-4-5', display_name: 'Sonnet' },
      });
      const clock = { ...env, AGENTLOG_NOW: new Date(lastTime(file) + 60_000).toISOString() };
      const call = () => {
        const result = run(['statusline', '--json'], clock, input);
        expect(result.code, result.err).toBe(0);
        expect(result.err).toBe('');
        return JSON.parse(result.out) as Record<string, unknown>;
      };
      const figures = (f: Record<string, unknown>) => ({
        session: f.session,
        today: f.today,
        block: f.block,
        context: f.context,
        indexed: f.indexed,
      });

      const overlaid = call();
      expect(overlaid.indexed).toBe(true);
      expect((overlaid.context as { tokens: number }).tokens).toBe(lastContext(file));
      await refreshed(cacheDir, file);
      expect(figures(call())).toEqual(figures(overlaid));
      rmSync(cacheDir, { recursive: true });
      expect(run(['cache', 'update', logs], env).code).toBe(0);
      expect(figures(call())).toEqual(figures(overlaid));
    },
    120_000,
  );
});
