// Demo session s09-geo-unit-option: geo-lib, Claude Code 2.1.58 (Opus 4.1): a rewind (a second prompt on the same parent record, files restored) and the Skill tool with its meta record.

import { ClaudeSession, OPUS } from '../claude/session.mjs';
import { geoLib } from '../geo-lib-files.mjs';

/** Writes demo session s09-geo-unit-option. */
export function s09() {
  const s = new ClaudeSession({
    name: 's09-geo-unit-option',
    project: geoLib,
    version: '2.1.58',
    model: OPUS,
    start: '2026-11-15T13:02:44.771Z',
    slug: 'gentle-drifting-meridian',
    permissionMode: 'default',
  });
  const c = s.main;
  c.prompt('What does the package export today?', { wait: [0, 0] });
  c.step({ calls: [c.read('src/index.ts')] });
  c.step({
    text: 'The entry point (`src/index.ts`) exports `distanceKm` and the `Point` type from `distance.ts`, plus `bbox` and the `BBox` type from `bbox.ts`. `midpoint` is defined in `distance.ts` but not exported from the entry point.',
  });
  const branchPoint = c.tip;
  const before = geoLib.snapshot();
  c.prompt("Rename distanceKm to distance and add a unit option ('km' | 'mi' | 'nm').");
  c.step({ calls: [c.grep('distanceKm')] });
  c.step({
    calls: [
      c.edit(
        'src/distance.ts',
        'export function distanceKm(a: Point, b: Point): number {',
        "export type Unit = 'km' | 'mi' | 'nm';\n\nconst PER_KM: Record<Unit, number> = { km: 1, mi: 0.621371, nm: 0.539957 };\n\nexport function distance(a: Point, b: Point, { unit = 'km' }: { unit?: Unit } = {}): number {",
      ),
    ],
  });
  c.step({
    text: 'This renames a public function, so existing imports of `distanceKm` will break. I have changed the definition; the index, README and tests still use the old name.',
  });
  // The user rewinds to before that prompt (code and conversation) and asks differently: a second child of
  // the same parent record.
  geoLib.restore(before);
  c.tip = branchPoint;
  c.prompt(
    "Keep distanceKm working for existing users: add distance(a, b, { unit }) next to it ('km' | 'mi' | 'nm') and mark distanceKm as deprecated.",
    { parentUuid: branchPoint },
  );
  c.step({ calls: [c.read('src/distance.ts', { offset: 1, limit: 20 })] });
  c.step({
    thinking:
      'Implement distance() on top of the haversine, convert with a per-km factor, and make distanceKm a thin deprecated wrapper so nothing breaks.',
    calls: [
      c.edit(
        'src/distance.ts',
        '/** Great-circle distance between two points, in kilometres (haversine formula). */',
        "export type Unit = 'km' | 'mi' | 'nm';\n\nconst PER_KM: Record<Unit, number> = { km: 1, mi: 0.621371, nm: 0.539957 };\n\n/** Great-circle distance in the given unit (default km); see distanceKm for the accuracy. */\nexport function distance(a: Point, b: Point, { unit = 'km' }: { unit?: Unit } = {}): number {\n  return distanceKm(a, b) * PER_KM[unit];\n}\n\n/**\n * @deprecated Use `distance(a, b)` (same result in km).\n * Great-circle distance between two points, in kilometres (haversine formula).\n */",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/index.ts',
        "export { distanceKm } from './distance.js';\nexport type { Point } from './distance.js';",
        "export { distance, distanceKm, midpoint } from './distance.js';\nexport type { Point, Unit } from './distance.js';",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npm test', 'Run the test suite', {
        out: `\n> @demo/geo-lib@0.4.1 test\n> vitest run\n\n\n RUN  v2.1.2 ${geoLib.cwd}\n\n ✓ test/bbox.test.ts (2 tests) 4ms\n ✓ test/distance.test.ts (2 tests) 3ms\n\n Test Files  2 passed (2)\n      Tests  4 passed (4)`,
        ms: [1600, 2600],
      }),
    ],
  });
  c.step({
    text: 'Added `distance(a, b, { unit })` with `km` (default), `mi` and `nm`; `distanceKm` still works and is marked `@deprecated`. The entry point now also exports `distance`, `midpoint` and the `Unit` type. Tests pass.',
  });
  c.prompt('Write the changelog entry for this.');
  c.step({
    text: "I'll use the changelog skill.",
    calls: [
      c.skill(
        'changelog',
        '0.5.0',
        '# Changelog entries\n\nWrite one entry per release at the top of CHANGELOG.md:\n\n1. Run `git log --oneline <last tag>..HEAD` to see what changed.\n2. Group user-visible changes under **New**, **Changed**, **Deprecated** and **Fixed**.\n3. One line per change, imperative mood, name the public API in backticks.\n4. Do not list refactors or test-only changes.',
        ['Read', 'Edit', 'Bash(git log:*)'],
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'CHANGELOG.md',
        '# Changelog\n\n## 0.4.1',
        '# Changelog\n\n## 0.5.0\n\n**New**\n\n- `distance(a, b, { unit })` with `km`, `mi` and `nm`.\n- `bbox(points)`, including boxes that cross the antimeridian.\n- `midpoint(a, b)` (great-circle midpoint), now exported.\n\n**Deprecated**\n\n- `distanceKm`: use `distance(a, b)`.\n\n## 0.4.1',
      ),
    ],
  });
  c.step({
    text: 'Added the 0.5.0 entry to `CHANGELOG.md` (New: `distance`, `bbox`, `midpoint`; Deprecated: `distanceKm`).',
  });
  return s;
}
