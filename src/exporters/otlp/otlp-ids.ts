import { createHash } from 'node:crypto';

function hexDigest(parts: readonly string[], bytes: number): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  const hex = hash.digest('hex').slice(0, bytes * 2);
  // All-zero ids are invalid in OTLP; a hash that starts with 8 zero bytes is not going to happen, but
  // the id must stay valid regardless.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** The trace id of a session: 16 bytes (32 hex digits) of a SHA-256 of its id. Same session, same trace. */
export function traceIdOf(sessionId: string): string {
  return hexDigest(['agentlog-trace', sessionId], 16);
}

/**
 * A span id: 8 bytes (16 hex digits) of a SHA-256 of the trace's session id and the span's own key
 * (`session`, `turn:<session>:<n>`, `call:<session>:<call id>`...). Same input, same id, on any machine.
 */
export function spanIdOf(rootSessionId: string, key: string): string {
  return hexDigest(['agentlog-span', rootSessionId, key], 8);
}
