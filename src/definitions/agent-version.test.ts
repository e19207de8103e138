import { describe, expect, it } from 'vitest';
import { compareVersions, formatVersion, parseVersion, parseVersionBound } from './agent-version.js';

describe('agent versions', () => {
  it('parses exact versions', () => {
    expect(parseVersion('1.0.30')).toEqual([1, 0, 30]);
    expect(parseVersion('v2.1')).toEqual([2, 1, 0]);
    expect(parseVersion('2.1.63-beta.1')).toEqual([2, 1, 63]);
    expect(parseVersion('2.x')).toBeUndefined();
    expect(parseVersion('latest')).toBeUndefined();
  });

  it('orders versions numerically', () => {
    expect(compareVersions([1, 0, 9], [1, 0, 10])).toBe(-1);
    expect(compareVersions([2, 1, 0], [2, 0, 99])).toBe(1);
    expect(compareVersions([2, 1, 63], [2, 1, 63])).toBe(0);
  });

  it('reads the bisected versions of the history notes as ranges', () => {
    expect(parseVersionBound('2.1.63')).toEqual({ lo: [2, 1, 63], hi: [2, 1, 63], text: '2.1.63' });
    expect(parseVersionBound('1.0.6x')).toMatchObject({ lo: [1, 0, 60], hi: [1, 0, 69] });
    expect(parseVersionBound('≈1.0.1xx')).toMatchObject({
      lo: [1, 0, 100],
      hi: [1, 0, 199],
      text: '≈1.0.1xx',
    });
    expect(parseVersionBound('2.0.x')).toMatchObject({ lo: [2, 0, 0], hi: [2, 0, Number.POSITIVE_INFINITY] });
    expect(parseVersionBound('2.1.18/2.1.19')).toMatchObject({ lo: [2, 1, 18], hi: [2, 1, 19] });
    expect(parseVersionBound('soon')).toBeUndefined();
    expect(formatVersion([2, 0, Number.POSITIVE_INFINITY])).toBe('2.0.x');
  });
});
