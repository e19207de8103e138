import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/helpers/seeded-random.js';
import { addDigests, keyDigest, packDigests, packKeys, unpackDigests, unpackKeys } from './packed-keys.js';

/** Digests as the keys of a session give them: 53-bit whole numbers. */
function digests(count: number, next: () => number): number[] {
  return Array.from({ length: count }, () => Math.floor(next() * 2 ** 53));
}

describe('packed keys', () => {
  it('packs digests as little-endian doubles in base64, and reads them back in order', () => {
    const values = [0, 1, 2 ** 52 + 3, 2 ** 53 - 1, 12345678901234];
    const packed = packDigests(values);
    const bytes = Buffer.alloc(values.length * 8);
    values.forEach((v, i) => {
      bytes.writeDoubleLE(v, i * 8);
    });
    expect(packed).toBe(bytes.toString('base64'));
    expect(unpackDigests(packed)).toEqual(values);
    expect(unpackDigests('')).toEqual([]);
    expect(unpackKeys(packKeys(['a', 'b']), ['c'])).toEqual(new Set(['a', 'b', 'c'].map(keyDigest)));
  });

  it('adds digests to packed ones as packing the set of them and the new ones would', () => {
    const next = seededRandom(42);
    for (const [stored, more] of [
      [0, 0],
      [0, 3],
      [5, 0],
      [1000, 17],
      [30000, 250],
    ] as const) {
      const old = digests(stored, next);
      const added = digests(more, next);
      // A digest that is stored already, and one twice among the new ones, are packed as a set's spread keeps them.
      if (stored > 0 && more > 1) added.push(old[0] as number, added[0] as number);
      const packed = packDigests(old);
      const unpacked = unpackKeys(packed);
      expect(addDigests(packed, unpacked, added)).toBe(packDigests([...unpacked, ...added]));
    }
  });

  it('packs a stored list with a digest twice as its set, as before', () => {
    const packed = packDigests([7, 8, 7]);
    const unpacked = unpackKeys(packed);
    expect(unpacked.size).toBe(2);
    expect(addDigests(packed, unpacked, [9])).toBe(packDigests([7, 8, 9]));
  });
});
