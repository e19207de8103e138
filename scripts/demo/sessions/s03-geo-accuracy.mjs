// Demo session s03-geo-accuracy: geo-lib, Claude Code 2.0.21 (Sonnet 4.5): Grep, Glob, a Read of a missing file, WebSearch, WebFetch.

import { ClaudeSession, SONNET } from '../claude/session.mjs';
import { geoLib } from '../geo-lib-files.mjs';

/** Writes demo session s03-geo-accuracy. */
export function s03() {
  const s = new ClaudeSession({
    name: 's03-geo-accuracy',
    project: geoLib,
    version: '2.0.21',
    model: SONNET,
    start: '2026-11-10T10:30:05.117Z',
  });
  const c = s.main;
  c.prompt(
    'Is haversine accurate enough for distances up to ~500 km, or should we switch to Vincenty? Check what the library does today and look it up.',
    { wait: [0, 0] },
  );
  c.step({
    calls: [c.grep('haversine', { ignoreCase: true }), c.glob('src/**/*.ts')],
  });
  c.step({ calls: [c.read('src/distance.ts'), c.read('test/vincenty.test.ts')] });
  const links = [
    {
      title: 'Calculate distance and bearing between two Latitude/Longitude points',
      url: 'https://www.movable-type.co.uk/scripts/latlong.html',
    },
    { title: "Vincenty's formulae - Wikipedia", url: 'https://en.wikipedia.org/wiki/Vincenty%27s_formulae' },
    { title: 'Haversine formula - Wikipedia', url: 'https://en.wikipedia.org/wiki/Haversine_formula' },
    {
      title: 'Geodesics on an ellipsoid - GeographicLib',
      url: 'https://geographiclib.sourceforge.io/geodesics.html',
    },
  ];
  c.step({
    text: 'There is no Vincenty code or test; `distanceKm` is a plain haversine on a 6371 km sphere. Let me check the error bounds.',
    calls: [
      c.webSearch(
        'haversine vs vincenty accuracy error short distances',
        links,
        "The haversine formula assumes a spherical Earth; because the Earth is an oblate ellipsoid, its results can be off by up to about 0.5% (typically under 0.3%). Vincenty's formulae work on the ellipsoid and are accurate to about 0.5 mm, but they are iterative and can fail to converge for nearly antipodal points.",
      ),
    ],
  });
  c.step({
    calls: [
      c.webFetch(
        'https://www.movable-type.co.uk/scripts/latlong.html',
        'How accurate is the haversine formula compared with ellipsoidal (Vincenty) distances, and when does it matter?',
        "The page explains that all these formulae work on a spherical model of the Earth, which is accurate enough for most purposes: errors are typically up to 0.3%, and at most about 0.5%, compared with ellipsoidal calculations. For greater accuracy it recommends Vincenty's formula, which is accurate to within about 1 mm on the ellipsoid, at the cost of more computation.",
      ),
    ],
  });
  c.step({
    text: "Short answer: keep haversine unless you need sub-kilometre accuracy at that range.\n\n- **Today**: `distanceKm` in `src/distance.ts` is haversine on a sphere of radius 6371 km. There is no Vincenty implementation (no `test/vincenty.test.ts` either).\n- **Error**: the spherical model is off by typically up to 0.3% and at most about 0.5% against the WGS-84 ellipsoid, so at 500 km that is at most about 1.5–2.5 km, and much less for east–west routes at mid latitudes.\n- **Vincenty**: accurate to about 0.5 mm, but iterative, slower, and it can fail to converge for nearly antipodal points. If we ever need it, Karney's algorithm (GeographicLib) is the more robust choice.\n\nFor maps, sorting by proximity and radius filters, haversine is fine. For surveying or billing by distance, switch to an ellipsoidal method.",
  });
  return s;
}
