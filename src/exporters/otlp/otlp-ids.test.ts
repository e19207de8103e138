import { describe, expect, it } from 'vitest';
import { spanIdOf, traceIdOf } from './otlp-ids.js';

describe('OTLP ids', () => {
  it('derives 16-byte trace ids and 8-byte span ids, the same every time', () => {
    expect(traceIdOf('29ccd257-68b1-427f-ae5f-6524b7cb6f20')).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIdOf('a')).toBe(traceIdOf('a'));
    expect(traceIdOf('a')).not.toBe(traceIdOf('b'));
    expect(spanIdOf('s', 'call:s:toolu_1')).toMatch(/^[0-9a-f]{16}$/);
    expect(spanIdOf('s', 'call:s:toolu_1')).toBe(spanIdOf('s', 'call:s:toolu_1'));
    expect(spanIdOf('s', 'call:s:toolu_1')).not.toBe(spanIdOf('t', 'call:s:toolu_1'));
    // Parts are separated, so shifting text between them changes the id.
    expect(spanIdOf('ab', 'c')).not.toBe(spanIdOf('a', 'bc'));
  });
});
