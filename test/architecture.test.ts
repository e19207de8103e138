import { readdirSync, readFileSync } from 'node:fs';
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

function layerOf(file: string): string {
  const rel = path.relative(srcDir, file);
  const [top] = rel.split(path.sep);
  return rel.includes(path.sep) ? (top ?? '') : 'root';
}

const files = listTs(srcDir);

describe('architecture', () => {
  it('every top-level folder of src/ has a rank', () => {
    const folders = new Set(files.map(layerOf).filter((l) => l !== 'root'));
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
        if (to === 'root') violations.push(`${rel} (the package entry is for users only)`);
        else if (to !== from && (ranks[to] ?? 99) >= (ranks[from] ?? -1)) violations.push(rel);
        else if (
          wireFree.has(from) &&
          (to === 'reader' ||
            to === 'agents' ||
            (to === 'schemas' && !path.relative(srcDir, target).startsWith(`schemas${path.sep}common`)))
        )
          violations.push(`${rel} (wire formats stop at lifecycle/)`);
      }
    }
    expect(violations).toEqual([]);
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
});
