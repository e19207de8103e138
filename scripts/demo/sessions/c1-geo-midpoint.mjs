// Demo session c1-geo-midpoint: geo-lib, Codex bare era: meta line without envelope, bare response items, `{"record_type":"state"}` lines, `shell` with JSON output (apply_patch run through shell).

import { CodexRollout, patchUpdate } from '../codex/rollout.mjs';
import { geoLib } from '../geo-lib-files.mjs';

/** Writes demo session c1-geo-midpoint. */
export function c1() {
  const x = new CodexRollout({
    name: 'c1-geo-midpoint',
    project: geoLib,
    start: '2026-11-08T17:20:31.482Z',
    bare: true,
  });
  x.meta({
    git: {
      commit_hash: '8d41c0e5b7a2f9136e4d0c8b1a5f27d9e3c6b410',
      branch: 'main',
      repository_url: 'git@github.com:demo/geo-lib.git',
    },
  });
  x.state();
  x.environment();
  x.prompt(
    'Add a midpoint(a, b) function to src/distance.ts (great-circle midpoint) and a test for it.',
    [4000, 9000],
  );
  x.state();
  x.shell("sed -n '1,80p' src/distance.ts", `${geoLib.read('src/distance.ts')}`, {
    reasoning: '**Inspecting the distance module**',
  });
  const patch = patchUpdate(geoLib, 'src/distance.ts', [
    [
      '  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));\n}\n',
      '  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));\n}\n\n/** Great-circle midpoint of two points. */\nexport function midpoint(a: Point, b: Point): Point {\n  const toRad = (deg: number) => (deg * Math.PI) / 180;\n  const toDeg = (rad: number) => (rad * 180) / Math.PI;\n  const dLon = toRad(b.lon - a.lon);\n  const bx = Math.cos(toRad(b.lat)) * Math.cos(dLon);\n  const by = Math.cos(toRad(b.lat)) * Math.sin(dLon);\n  const lat = Math.atan2(\n    Math.sin(toRad(a.lat)) + Math.sin(toRad(b.lat)),\n    Math.sqrt((Math.cos(toRad(a.lat)) + bx) ** 2 + by ** 2),\n  );\n  const lon = toRad(a.lon) + Math.atan2(by, Math.cos(toRad(a.lat)) + bx);\n  return { lat: toDeg(lat), lon: toDeg(lon) };\n}\n',
    ],
  ]);
  x.shell(['apply_patch', patch], 'Success. Updated the following files:\nM src/distance.ts\n', {
    reasoning: '**Adding the midpoint formula**',
    seconds: 0,
  });
  const testPatch = patchUpdate(geoLib, 'test/distance.test.ts', [
    [
      "import { distanceKm } from '../src/distance.js';",
      "import { distanceKm, midpoint } from '../src/distance.js';",
    ],
    [
      '    expect(distanceKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);\n  });\n});\n',
      "    expect(distanceKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);\n  });\n});\n\ndescribe('midpoint', () => {\n  it('is halfway along the equator', () => {\n    const m = midpoint({ lat: 0, lon: 0 }, { lat: 0, lon: 90 });\n    expect(m.lat).toBeCloseTo(0, 6);\n    expect(m.lon).toBeCloseTo(45, 6);\n  });\n});\n",
    ],
  ]);
  x.shell(['apply_patch', testPatch], 'Success. Updated the following files:\nM test/distance.test.ts\n', {
    seconds: 0,
  });
  x.shell(
    'npx vitest run test/distance.test.ts',
    `\n RUN  v2.1.2 ${geoLib.cwd}\n\n ✓ test/distance.test.ts (2 tests) 4ms\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)\n   Start at  17:23:02\n   Duration  412ms (transform 41ms, setup 0ms, collect 37ms, tests 4ms, environment 0ms, prepare 71ms)\n`,
    { seconds: 1.4, reasoning: '**Running the distance tests**' },
  );
  x.answer(
    'Added `midpoint(a, b)` to `src/distance.ts`: it converts both points to radians, combines them on the unit sphere and converts back, so it follows the great circle rather than averaging coordinates. A test in `test/distance.test.ts` checks the midpoint of (0°, 0°) and (0°, 90°) is (0°, 45°); both distance tests pass.',
  );
  x.state();
  return x;
}
