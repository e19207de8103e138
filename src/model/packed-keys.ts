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
  const digests = new Set(digestsOf(packed));
  for (const key of more) digests.add(keyDigest(key));
  return digests;
}

/** The digests {@link packDigests} packed, in their order. */
export function unpackDigests(packed: string): number[] {
  return Array.from(digestsOf(packed));
}

/** Digests packed as {@link packKeys} packs keys'. */
export function packDigests(digests: readonly number[]): string {
  return bytesOf(digests).toString('base64');
}

/**
 * `packDigests([...unpacked, ...more])` where `unpacked` is `unpackKeys(packed)`, without packing the stored
 * digests again: an append to a long session adds a few digests to tens of thousands.
 */
export function addDigests(packed: string, unpacked: ReadonlySet<number>, more: readonly number[]): string {
  const stored = Buffer.from(packed, 'base64');
  // Packed from a list with a digest twice (two keys, one digest): the set of them packs shorter.
  if (stored.length !== unpacked.size * 8) return packDigests([...unpacked, ...more]);
  return more.length === 0 ? packed : Buffer.concat([stored, bytesOf(more)]).toString('base64');
}

const littleEndian = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** Packed digests read as doubles (a view of the bytes where the machine's order is little-endian). */
function digestsOf(packed: string): Float64Array {
  const bytes = Buffer.from(packed, 'base64');
  const count = Math.floor(bytes.length / 8);
  if (littleEndian)
    return new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + count * 8));
  const digests = new Float64Array(count);
  for (let i = 0; i < count; i++) digests[i] = bytes.readDoubleLE(i * 8);
  return digests;
}

/** Digests as little-endian doubles. */
function bytesOf(digests: readonly number[]): Buffer {
  if (littleEndian) return Buffer.from(Float64Array.from(digests).buffer);
  const bytes = Buffer.alloc(digests.length * 8);
  digests.forEach((digest, i) => {
    bytes.writeDoubleLE(digest, i * 8);
  });
  return bytes;
}
