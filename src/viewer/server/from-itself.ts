import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser sent the request for this viewer's own pages, or as a top-level navigation (a link
 * opened from elsewhere). Requests another site's page makes in the background (an image, a script, a
 * fetch) carry `Sec-Fetch-Site: cross-site` and are refused; clients that send no such header (curl,
 * older browsers) are let through.
 */
export function fromItself(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return true;
  return (
    req.headers['sec-fetch-mode'] === 'navigate' &&
    (req.headers['sec-fetch-dest'] ?? 'document') === 'document'
  );
}
