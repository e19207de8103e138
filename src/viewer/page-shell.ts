import { createHash } from 'node:crypto';
import { viewerCss } from './assets/viewer-css.js';
import { escapeHtml } from './escape-html.js';

/**
 * How a page gets its style and script. `inline`: everything in the file, allowed by a Content-Security-Policy
 * meta tag that names the page's own script and style by hash (a page that can be mailed and opened offline).
 * `served`: from the `serve` app's own origin (`/assets/...`), whose CSP header allows `'self'` only.
 */
export type PageAssets = { mode: 'inline' } | { mode: 'served' };

export interface PageOptions {
  title: string;
  assets: PageAssets;
  /** Page scripts: inlined (and hashed) in `inline` mode, else the served asset paths given with them. */
  scripts?: { source: string; path: string }[];
  /** Extra served scripts loaded first (served mode only, e.g. the chart library). */
  servedScripts?: string[];
  /** Attributes of `<body>` (names are ours, values escaped). */
  bodyAttributes?: Record<string, string>;
  /** HTML of the top navigation (served mode). */
  nav?: string;
  body: string;
}

/** `'sha256-...'` of a script or style text, as CSP expects it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy of a self-contained page: nothing from anywhere, except its own script and style, and data: images. */
export function inlinePolicy(scripts: readonly string[], styles: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(cspHash).join(' ') || "'none'"}`,
    `style-src ${styles.map(cspHash).join(' ')}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** A whole HTML document around `options.body`. */
export function renderPage(options: PageOptions): string {
  const inline = options.assets.mode === 'inline';
  const scripts = options.scripts ?? [];
  const head = inline
    ? `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(
        inlinePolicy(
          scripts.map((s) => s.source),
          [viewerCss],
        ),
      )}"><style>${viewerCss}</style>`
    : '<link rel="stylesheet" href="/assets/viewer.css">';
  const tail = inline
    ? scripts.map((s) => `<script>${s.source}</script>`).join('')
    : [...(options.servedScripts ?? []), ...scripts.map((s) => s.path)]
        .map((src) => `<script src="${escapeHtml(src)}"></script>`)
        .join('');
  const attributes = Object.entries(options.bodyAttributes ?? {})
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${head}<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="generator" content="agentlog"><title>${escapeHtml(options.title)}</title></head>
<body${attributes}>${options.nav ?? ''}<main>${options.body}</main>${tail}</body></html>
`;
}
