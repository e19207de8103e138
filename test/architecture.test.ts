import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '../src');

/** Layer ranks: a folder may import from its own folder and from folders of a lower rank. */
const ranks: Record<string, number> = {
  schemas: 0,
  model: 1,
  reader: 2,
  sources: 2,
  definitions: 2,
  hooks: 2,
  redaction: 2,
  sqlite: 2,
  agents: 3,
  lifecycle: 4,
  analytics: 5,
  cache: 6,
  archive: 6,
  exporters: 7,
  viewer: 7,
  mcp: 8,
  cli: 9,
};
/** Folders after `lifecycle/` see only the agent-neutral model, never wire formats. */
const wireFree = new Set(['analytics', 'cache', 'exporters', 'viewer', 'mcp']);

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTs(full);
    return entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.test-d.ts')
      ? [full]
      : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  const dynamic = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return [...specifiers, ...dynamic]
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts'));
}

/** The top-level folder of a file under src/ (`root` for src/index.ts). */
function folderOf(file: string): string {
  const rel = path.relative(srcDir, file);
  const [top] = rel.split(path.sep);
  return rel.includes(path.sep) ? (top ?? '') : 'root';
}

/** Posix path relative to src/. */
const srcPath = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

/** The agent whose folder holds `file` (`agents/<agent>/...`, a folder with an `index.ts`), if any. */
function agentOf(file: string): string | undefined {
  const match = /^agents\/([^/]+)\//.exec(srcPath(file));
  const agent = match?.[1];
  return agent !== undefined && existsSync(path.join(srcDir, 'agents', agent, 'index.ts'))
    ? agent
    : undefined;
}

/**
 * An agent's folder is a slice through the layers: its files are at the `agents` rank, except the roles that
 * belong to a lower layer, which take that layer's rank (and may import only what that layer may). Every
 * agent's `schemas/`; and for Claude Code and Codex the roles lower layers read: the tool registries
 * (`definitions/`, `hooks/` and the validators use them) and the record decoders are schemas, the validators
 * are the reader's (`reader/file-validator.ts`), the roots and the side files discovery reads are sources'.
 */
const agentRoles: readonly { path: RegExp; layer: string }[] = [
  { path: /^agents\/[^/]+\/schemas\//, layer: 'schemas' },
  { path: /^agents\/(claude-code|codex)\/tools\//, layer: 'schemas' },
  { path: /^agents\/(claude-code|codex)\/decode-record\.ts$/, layer: 'schemas' },
  { path: /^agents\/(claude-code|codex)\/validate-record\.ts$/, layer: 'reader' },
  { path: /^agents\/(claude-code|codex)\/roots\.ts$/, layer: 'sources' },
  { path: /^agents\/claude-code\/read-agent-meta\.ts$/, layer: 'sources' },
  { path: /^agents\/codex\/read-codex-header\.ts$/, layer: 'sources' },
];

/**
 * What code outside an agent's folder may import from it besides the adapter (`index.ts`, for
 * `agents/registry.ts`): the places where generic code still knows Claude Code or Codex by name. A path
 * ending in `/` opens the folder.
 */
const entryPoints: Readonly<Record<string, string>> = {
  'agents/claude-code/tools/': 'the tool registry: definitions/, hooks/, lifecycle/is-tool-call.ts',
  'agents/claude-code/roots.ts': 'default discovery (sources/discover-default.ts)',
  ...Object.fromEntries(
    ['copilot-cli', 'cursor', 'gemini-cli', 'opencode', 'pi', 'qwen-code'].map((agent) => [
      `agents/${agent}/roots.ts`,
      'discovery without the adapters, which load schemas (agents/agent-roots.ts)',
    ]),
  ),
  'agents/claude-code/usage-projection.ts':
    'usage with no index yet: records cut to their usage (lifecycle/read-usage-file.ts)',
  'agents/claude-code/usage-projection-bytes.ts':
    'the same cut straight from the bytes of a long line (lifecycle/read-usage-file.ts)',
  'agents/claude-code/read-agent-meta.ts': "subagents' .meta.json sidecars, read with discovery",
  'agents/claude-code/validate-record.ts': "reader/file-validator.ts's default validator",
  'agents/claude-code/build-session.ts':
    'lifecycle builds units across files (a session and its subagent files)',
  'agents/claude-code/session-resume.ts':
    'lifecycle keeps resume states (build-safely.ts, append-session.ts)',
  'agents/claude-code/append-claude-session.ts':
    'lifecycle/append-session.ts: the index appends to a session',
  'agents/claude-code/append-claude-unit.ts':
    'lifecycle/append-session.ts: the index appends to a unit (its new subagent files, their links)',
  'agents/claude-code/request-usage.ts': "cli/statusline-overlay.ts reads a live transcript's last requests",
  'agents/codex/roots.ts': 'default discovery (sources/discover-default.ts)',
  'agents/codex/read-codex-header.ts': 'discovery reads a rollout header (thread families)',
  'agents/codex/decode-record.ts':
    "reader/file-validator.ts's default, lifecycle/session-unit.ts's unit keys",
  'agents/codex/validate-record.ts': "reader/file-validator.ts's default validator",
  'agents/codex/build-session.ts': 'lifecycle builds units across files (thread families)',
  'agents/codex/link-threads.ts': 'lifecycle/build-unit.ts links a thread family',
  'agents/codex/codex-resume.ts': 'lifecycle keeps resume states (build-safely.ts, append-session.ts)',
  'agents/codex/append-codex-thread.ts':
    'lifecycle/append-session.ts: the index appends to a thread family (a rollout alone too)',
};

/** The layer a file belongs to: its top folder, or for an agent's file the layer of its role. */
function layerOf(file: string): string {
  const folder = folderOf(file);
  if (agentOf(file) === undefined) return folder;
  const rel = srcPath(file);
  return agentRoles.find((role) => role.path.test(rel))?.layer ?? folder;
}

/** Why `file` may not import `target` across an agent folder's wall, or undefined when it may. */
function agentWallViolation(file: string, target: string): string | undefined {
  const to = agentOf(target);
  const from = agentOf(file);
  if (to === undefined || to === from) return undefined;
  if (from !== undefined) return "(an agent's files never import another agent's)";
  const rel = srcPath(target);
  if (rel === `agents/${to}/index.ts` && folderOf(file) === 'agents') return undefined;
  const open = Object.keys(entryPoints).some((entry) =>
    entry.endsWith('/') ? rel.startsWith(entry) : rel === entry,
  );
  return open ? undefined : `(not an entry point of agents/${to}/: import it through agents/registry.ts)`;
}

const files = listTs(srcDir);

describe('architecture', () => {
  it('every top-level folder of src/ has a rank', () => {
    const folders = new Set(files.map(folderOf).filter((l) => l !== 'root'));
    expect([...folders].filter((f) => !(f in ranks))).toEqual([]);
  });

  it('imports only go down the layers', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      if (from === 'root') continue;
      for (const target of relativeImports(file)) {
        const to = layerOf(target);
        const rel = `${path.relative(srcDir, file)} -> ${path.relative(srcDir, target)}`;
        const wall = agentWallViolation(file, target);
        if (to === 'root') violations.push(`${rel} (the package entry is for users only)`);
        else if (to !== from && (ranks[to] ?? 99) >= (ranks[from] ?? -1)) violations.push(rel);
        else if (wall !== undefined) violations.push(`${rel} ${wall}`);
        else if (
          wireFree.has(folderOf(file)) &&
          (to === 'reader' ||
            folderOf(target) === 'agents' ||
            (to === 'schemas' && !path.relative(srcDir, target).startsWith(`schemas${path.sep}common`)))
        )
          violations.push(`${rel} (wire formats stop at lifecycle/)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('gives every agent role and entry point a file that exists', () => {
    const relFiles = files.map(srcPath);
    const deadRoles = agentRoles.filter((role) => !relFiles.some((f) => role.path.test(f)));
    const deadEntries = Object.keys(entryPoints).filter(
      (entry) => !relFiles.some((f) => (entry.endsWith('/') ? f.startsWith(entry) : f === entry)),
    );
    expect([...deadRoles.map((r) => String(r.path)), ...deadEntries]).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map(files.map((f) => [f, relativeImports(f)]));
    const state = new Map<string, 'active' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'active') {
        cycles.push(
          [...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(srcDir, f)).join(' -> '),
        );
        return;
      }
      state.set(file, 'active');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('every relative import resolves to a file', () => {
    const known = new Set(files);
    const missing = files.flatMap((f) =>
      relativeImports(f)
        .filter((t) => !known.has(t) && !t.endsWith('.json'))
        .map((t) => `${path.relative(srcDir, f)} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('opens every SQLite database through sqlite/open-sqlite-database.ts', () => {
    // better-sqlite3 left to find its addon searches from its caller's file, which in the main bundle is the
    // bundle: no addon there (the CI run of the bundle failed on exactly this). The search child process
    // requires better-sqlite3 by its resolved path; test support runs from the sources.
    const allowed =
      /^(sqlite\/open-sqlite-database|viewer\/server\/search-processes|agents\/test-support\/.*)\.ts$/;
    const direct = files
      .map((f) => path.relative(srcDir, f))
      .filter(
        (rel) => !allowed.test(rel) && /\bnew Database\(/.test(readFileSync(path.join(srcDir, rel), 'utf8')),
      );
    expect(direct).toEqual([]);
  });
});
