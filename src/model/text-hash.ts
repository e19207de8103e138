/**
 * A 31-bit hash (FNV-1a) of a text: it tells one schema or one set of prices from another. Not a
 * cryptographic hash: loading `node:crypto` was a few milliseconds of every status line call.
 */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}
