// Demo session s12-geo-benchmarks: geo-lib, Claude Code 2.1.118 (Opus 4.1): a subagent that starts a nested subagent (both with `.meta.json`), and a last call left without a result.

import { ClaudeSession, HAIKU, OPUS } from '../claude/session.mjs';
import { geoLib } from '../geo-lib-files.mjs';

/** Writes demo session s12-geo-benchmarks. */
export function s12() {
  const s = new ClaudeSession({
    name: 's12-geo-benchmarks',
    project: geoLib,
    version: '2.1.118',
    model: OPUS,
    start: '2026-11-20T16:10:40.083Z',
    permissionMode: 'acceptEdits',
  });
  const c = s.main;
  c.prompt('Benchmark distance() against the old distanceKm and write the results to docs/benchmarks.md.', {
    wait: [0, 0],
  });
  c.step({
    text: "I'll hand the benchmarking to a general-purpose agent.",
    calls: [
      c.task({
        tool: 'Agent',
        description: 'Benchmark distance implementations',
        subagentType: 'general-purpose',
        layout: 'subagents',
        meta: true,
        prompt:
          'In /home/demo/src/geo-lib, benchmark `distance()` against `distanceKm()` with the existing vitest bench setup, then write the results (ops/s, relative speed, machine note) to docs/benchmarks.md. Report the numbers.',
        script: (a) => {
          a.step({
            calls: [
              a.task({
                tool: 'Agent',
                description: 'Find benchmark harness',
                subagentType: 'Explore',
                layout: 'subagents',
                meta: true,
                model: HAIKU,
                prompt:
                  'In /home/demo/src/geo-lib, find the benchmark files and how they are run (package.json scripts). Quick look.',
                script: (b) => {
                  b.step({ calls: [b.glob('bench/**/*.ts'), b.grep('"bench"', { glob: 'package.json' })] });
                  b.step({ calls: [b.read('bench/distance.bench.ts')] });
                  return b.finish(
                    "One benchmark file: `bench/distance.bench.ts`, a single `bench('distanceKm')` case for Paris–London. `package.json` runs it with `npm run bench` (`vitest bench --run`).",
                  );
                },
              }),
            ],
          });
          a.step({
            calls: [
              a.write(
                'bench/distance.bench.ts',
                "import { bench } from 'vitest';\nimport { distance, distanceKm } from '../src/distance.js';\n\nconst a = { lat: 48.8566, lon: 2.3522 };\nconst b = { lat: 51.5074, lon: -0.1278 };\n\nbench('distanceKm', () => {\n  distanceKm(a, b);\n});\n\nbench('distance (km)', () => {\n  distance(a, b);\n});\n\nbench('distance (nm)', () => {\n  distance(a, b, { unit: 'nm' });\n});\n",
              ),
            ],
          });
          a.step({
            calls: [
              a.bash('npm run bench', 'Run the benchmarks', {
                out: `\n> @demo/geo-lib@0.4.1 bench\n> vitest bench --run\n\n\n RUN  v2.1.2 ${geoLib.cwd}\n\n ✓ bench/distance.bench.ts > (3) 3824ms\n     name                 hz     min     max    mean     p75     p99    p995    p999     rme  samples\n   · distanceKm    14,902,311  0.0000  0.2081  0.0001  0.0001  0.0001  0.0001  0.0002  ±0.21%  7451156\n   · distance (km) 13,877,540  0.0000  0.1914  0.0001  0.0001  0.0001  0.0001  0.0002  ±0.25%  6938771\n   · distance (nm) 13,702,985  0.0000  0.2433  0.0001  0.0001  0.0001  0.0001  0.0002  ±0.27%  6851493\n\n BENCH  Summary\n\n  distanceKm - bench/distance.bench.ts > \n    1.07x faster than distance (km)\n    1.09x faster than distance (nm)`,
                ms: [6500, 9000],
              }),
            ],
          });
          a.step({
            calls: [
              a.write(
                'docs/benchmarks.md',
                "# Benchmarks\n\n`npm run bench` (vitest 2.1.2, Node 22, Linux x64), Paris to London:\n\n| function | ops/s | relative |\n| --- | ---: | ---: |\n| `distanceKm(a, b)` | 14.9 M | 1.00 |\n| `distance(a, b)` | 13.9 M | 0.93 |\n| `distance(a, b, { unit: 'nm' })` | 13.7 M | 0.92 |\n\n`distance()` costs one extra call and a multiplication; the difference is about 7% and\nirrelevant outside tight loops.\n",
              ),
            ],
          });
          return a.finish(
            'Benchmarked with `npm run bench` (added `distance (km)` and `distance (nm)` cases to `bench/distance.bench.ts`):\n\n- distanceKm: 14.9 M ops/s\n- distance (km): 13.9 M ops/s (0.93×)\n- distance (nm): 13.7 M ops/s (0.92×)\n\nResults are in `docs/benchmarks.md`.',
          );
        },
      }),
    ],
  });
  c.step({ calls: [c.read('docs/benchmarks.md')] });
  c.step({
    text: 'The new `distance()` is about 7% slower than `distanceKm` (13.9 M vs 14.9 M ops/s): one extra call and a multiplication. The table is in `docs/benchmarks.md`, and `bench/distance.bench.ts` now has cases for both.',
  });
  c.prompt('Run the full test suite once more before I go.');
  c.step({ calls: [c.unanswered(c.bash('npm test', 'Run the full test suite'))] });
  s.lastPrompt('Run the full test suite once more before I go.');
  return s;
}
