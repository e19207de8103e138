import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dashboardClientJs } from '../assets/dashboard-client.js';
import { sessionClientJs } from '../assets/session-client.js';
import { viewerCss } from '../assets/viewer-css.js';

function chartJsSource(): string {
  // The package's exports do not list the UMD build: it sits beside the CommonJS entry.
  const entry = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(path.join(path.dirname(entry), 'chart.umd.js'), 'utf8');
}

/**
 * The files a viewer serves under `/assets/`, by route: each gives its content type and body (Chart.js read
 * from its package on the first request, then kept by this map).
 */
export function servedAssets(): Record<string, () => [string, string]> {
  let chartJs: string | undefined;
  return {
    '/assets/viewer.css': () => ['text/css; charset=utf-8', viewerCss],
    '/assets/session.js': () => ['text/javascript; charset=utf-8', sessionClientJs],
    '/assets/dashboard.js': () => ['text/javascript; charset=utf-8', dashboardClientJs],
    '/assets/chart.umd.js': () => {
      chartJs ??= chartJsSource();
      return ['text/javascript; charset=utf-8', chartJs];
    },
  };
}
