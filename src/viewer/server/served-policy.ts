/** What every response of the viewer says to the browser about itself: its content policy and other headers. */

/** The policy of every served page: scripts only from this server (never inline), no other host at all. */
export const servedPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every response: {@link servedPolicy}, no sniffing, no referrer, no framing, no caching. */
export const securityHeaders = {
  'content-security-policy': servedPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};
