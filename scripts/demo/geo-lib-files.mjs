// The geo-lib project as it is before the first demo session.

import { createProject } from './project.mjs';

/** A small TypeScript geodesy library. */
export const geoLib = createProject('/home/demo/src/geo-lib', {
  'package.json': `{
  "name": "@demo/geo-lib",
  "version": "0.4.1",
  "type": "module",
  "main": "dist/index.js",
  "scripts": {
    "build": "tsc -p .",
    "test": "vitest run",
    "bench": "vitest bench --run"
  },
  "devDependencies": {
    "typescript": "^5.6.2",
    "vitest": "^2.1.2"
  }
}
`,
  'src/index.ts': `export { distanceKm } from './distance.js';
export type { Point } from './distance.js';
`,
  'src/distance.ts': `export interface Point {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance between two points, in kilometres (haversine formula). */
export function distanceKm(a: Point, b: Point): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}
`,
  'test/distance.test.ts': `import { describe, expect, it } from 'vitest';
import { distanceKm } from '../src/distance.js';

describe('distanceKm', () => {
  it('measures Paris to London', () => {
    expect(distanceKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);
  });
});
`,
  'README.md': `# geo-lib

Small geodesy helpers for TypeScript.

## Usage

\`\`\`ts
import { distanceKm } from '@demo/geo-lib';
distanceKm({ lat: 48.85, lon: 2.35 }, { lat: 51.5, lon: -0.12 });
\`\`\`
`,
  'CHANGELOG.md': `# Changelog

## 0.4.1

- Fix: distanceKm returned NaN for identical points on some platforms.
`,
  'bench/distance.bench.ts': `import { bench } from 'vitest';
import { distanceKm } from '../src/distance.js';

const a = { lat: 48.8566, lon: 2.3522 };
const b = { lat: 51.5074, lon: -0.1278 };

bench('distanceKm', () => {
  distanceKm(a, b);
});
`,
});
