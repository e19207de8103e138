// A set of keys (record uuids) kept as 53-bit digests, eight bytes each, for a resume state to say whether a
// key was seen before without keeping the keys themselves. A digest can only err one way: two keys with one
// digest read as a key seen before, which the callers answer by building again (never a wrong result).

/** The 53-bit digest of a key: two 32-bit multiply-xor hashes of its UTF-16 code units, joined. */
export function keyDigest(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x27d4eb2f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b ^= b >>> 16;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  return (b & 0x1fffff) * 0x100000000 + (a >>> 0);
}

/** Keys as their digests, packed (little-endian doubles, base64): JSON-safe. */
export function packKeys(keys: Iterable<string>): string {
  return packDigests([...keys].map(keyDigest));
}

/** The digests of {@link packKeys}' keys, and more keys' digests added. */
export function unpackKeys(packed: string, more: Iterable<string> = []): Set<number> {
  const digests = new Set(unpackDigests(packed));
  for (const key of more) digests.add(keyDigest(key));
  return digests;
}

/** The digests {@link packDigests} packed, in their order. */
export function unpackDigests(packed: string): number[] {
  const bytes = Buffer.from(packed, 'base64');
  const digests: number[] = [];
  for (let at = 0; at + 8 <= bytes.length; at += 8) digests.push(bytes.readDoubleLE(at));
  return digests;
}

/** Digests packed as {@link packKeys} packs keys'. */
export function packDigests(digests: readonly number[]): string {
  const bytes = Buffer.alloc(digests.length * 8);
  digests.forEach((digest, i) => {
    bytes.writeDoubleLE(digest, i * 8);
  });
  return bytes.toString('base64');
}
