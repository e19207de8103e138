// Demo session s06-geo-bbox: geo-lib, Claude Code 2.0.55 (Opus 4.1): parallel Writes, a Bash test run that exits 1, the fix, a `summary` record.

import { ClaudeSession, OPUS } from '../claude/session.mjs';
import { geoLib } from '../geo-lib-files.mjs';

/** Writes demo session s06-geo-bbox. */
export function s06() {
  const s = new ClaudeSession({
    name: 's06-geo-bbox',
    project: geoLib,
    version: '2.0.55',
    model: OPUS,
    start: '2026-11-12T15:20:33.951Z',
    slug: 'tidy-mapping-heron',
  });
  const c = s.main;
  c.prompt(
    'Add a bbox() helper that returns the bounding box of a list of points, with tests. It must handle routes that cross the antimeridian (e.g. Fiji).',
    { wait: [0, 0] },
  );
  c.step({ calls: [c.read('src/index.ts')] });
  c.step({
    thinking:
      'Return { west, south, east, north }. Latitude is a plain min/max. Longitude needs care: a route across the antimeridian (179°, -179°) should give west 179, east -179, not the whole world.',
    calls: [
      c.write(
        'src/bbox.ts',
        "import type { Point } from './distance.js';\n\nexport interface BBox {\n  west: number;\n  south: number;\n  east: number;\n  north: number;\n}\n\n/** Smallest box containing all points. */\nexport function bbox(points: Point[]): BBox {\n  if (points.length === 0) throw new Error('bbox() needs at least one point');\n  const lats = points.map((p) => p.lat);\n  const lons = points.map((p) => p.lon);\n  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };\n}\n",
      ),
      c.write(
        'test/bbox.test.ts',
        "import { describe, expect, it } from 'vitest';\nimport { bbox } from '../src/bbox.js';\n\ndescribe('bbox', () => {\n  it('boxes points in one hemisphere', () => {\n    expect(bbox([{ lat: 48.8, lon: 2.3 }, { lat: 51.5, lon: -0.1 }])).toEqual({ west: -0.1, south: 48.8, east: 2.3, north: 51.5 });\n  });\n\n  it('crosses the antimeridian', () => {\n    expect(bbox([{ lat: -17.7, lon: 178.1 }, { lat: -16.8, lon: -179.9 }])).toEqual({ west: 178.1, south: -17.7, east: -179.9, north: -16.8 });\n  });\n});\n",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/index.ts',
        "export type { Point } from './distance.js';",
        "export type { Point } from './distance.js';\nexport { bbox } from './bbox.js';\nexport type { BBox } from './bbox.js';",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npx vitest run test/bbox.test.ts', 'Run the bbox tests', {
        exit: 1,
        out: ` RUN  v2.1.2 ${geoLib.cwd}\n\n ❯ test/bbox.test.ts (2 tests | 1 failed) 7ms\n   × bbox > crosses the antimeridian 4ms\n     → expected { west: -179.9, south: -17.7, …(2) } to deeply equal { west: 178.1, south: -17.7, …(2) }\n\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  test/bbox.test.ts > bbox > crosses the antimeridian\nAssertionError: expected { west: -179.9, south: -17.7, …(2) } to deeply equal { west: 178.1, south: -17.7, …(2) }\n\n Test Files  1 failed (1)\n      Tests  1 failed | 1 passed (2)`,
        ms: [1400, 2200],
      }),
    ],
  });
  c.step({
    thinking:
      'As expected the plain min/max fails. Sort the longitudes, find the largest gap between neighbours (including the wrap-around gap); the box is the complement of that gap.',
    calls: [
      c.edit(
        'src/bbox.ts',
        '  const lons = points.map((p) => p.lon);\n  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };',
        '  const lons = points.map((p) => p.lon).sort((a, b) => a - b);\n  // The box is the complement of the largest gap between neighbouring longitudes (with wrap-around).\n  let west = lons[0];\n  let east = lons[lons.length - 1];\n  let gap = 360 - (east - west);\n  for (let i = 1; i < lons.length; i++) {\n    if (lons[i] - lons[i - 1] > gap) {\n      gap = lons[i] - lons[i - 1];\n      west = lons[i];\n      east = lons[i - 1];\n    }\n  }\n  return { west, south: Math.min(...lats), east, north: Math.max(...lats) };',
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npx vitest run test/bbox.test.ts', 'Run the bbox tests', {
        out: ` RUN  v2.1.2 ${geoLib.cwd}\n\n ✓ test/bbox.test.ts (2 tests) 5ms\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)`,
        ms: [1400, 2200],
      }),
    ],
  });
  c.step({
    text: '`bbox(points)` is in `src/bbox.ts` and exported from the package entry. It returns `{ west, south, east, north }`; when a set of points crosses the antimeridian, `west` is greater than `east` (e.g. Fiji: west 178.1, east -179.9), which is the GeoJSON convention. Both tests pass.',
  });
  s.summary('bbox() helper with antimeridian support', c.tip);
  return s;
}
