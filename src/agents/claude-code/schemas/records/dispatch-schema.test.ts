import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unknownKeys } from '../../../../schemas/common/unknown-keys.js';
import { openUnion, stringOrArray } from './dispatch-schema.js';

const shape = openUnion(
  'kind',
  [
    z.looseObject({ kind: z.literal('circle'), radius: z.number() }),
    z.looseObject({ kind: z.literal('square'), side: z.number() }),
  ],
  z.looseObject({ kind: z.string().optional(), color: z.string().optional() }),
);

function paths(result: { error?: z.ZodError | undefined }) {
  return result.error?.issues.map((issue) => [issue.path, issue.code]);
}

describe('openUnion', () => {
  it('validates known options by their discriminator, with issues at the field', () => {
    expect(shape.safeParse({ kind: 'circle', radius: 2 }).success).toBe(true);
    expect(paths(shape.safeParse({ kind: 'circle', side: 2 }))).toEqual([[['radius'], 'invalid_type']]);
  });

  it('validates unknown and absent discriminators with the fallback', () => {
    expect(shape.safeParse({ kind: 'hexagon', corners: 6 }).success).toBe(true);
    expect(shape.safeParse({ color: 'red' }).success).toBe(true);
    expect(paths(shape.safeParse({ kind: 'hexagon', color: 7 }))).toEqual([[['color'], 'invalid_type']]);
    expect(paths(shape.safeParse({ kind: 6 }))).toEqual([[['kind'], 'invalid_type']]);
    expect(paths(shape.safeParse(null))).toEqual([[[], 'invalid_type']]);
  });

  it('keeps issue paths relative to the enclosing schema', () => {
    const drawing = z.looseObject({ shapes: z.array(shape) });
    const result = drawing.safeParse({
      shapes: [
        { kind: 'square', side: 1 },
        { kind: 'square', side: '2' },
      ],
    });
    expect(paths(result)).toEqual([[['shapes', 1, 'side'], 'invalid_type']]);
  });

  it('lets unknownKeys report extras of known options and of discriminator-less values only', () => {
    expect(unknownKeys(shape, { kind: 'circle', radius: 1, fill: 'x' })).toEqual([['fill']]);
    expect(unknownKeys(shape, { kind: 'hexagon', corners: 6 })).toEqual([]);
    expect(unknownKeys(shape, { color: 'red', corners: 6 })).toEqual([['corners']]);
  });

  it('refuses options without a literal discriminator and duplicate tags', () => {
    const loose = z.looseObject({ kind: z.string() });
    expect(() => openUnion('kind', [loose], loose)).toThrow('Open union option has no literal "kind"');
    const a = z.looseObject({ kind: z.literal('a') });
    expect(() => openUnion('kind', [a, a], loose)).toThrow('Duplicate open union tag "a"');
  });
});

describe('stringOrArray', () => {
  const content = stringOrArray(z.looseObject({ type: z.string() }));

  it('accepts a string or an array of items', () => {
    expect(content.safeParse('hello').success).toBe(true);
    expect(content.safeParse([{ type: 'text' }]).success).toBe(true);
  });

  it('reports item issues at the item path and other values as one type issue', () => {
    expect(paths(content.safeParse([{ type: 'text' }, 'x']))).toEqual([[[1], 'invalid_type']]);
    expect(content.safeParse(5).error?.issues[0]?.message).toBe(
      'Invalid input: expected string or array, received number',
    );
    expect(content.safeParse(null).error?.issues[0]?.message).toBe(
      'Invalid input: expected string or array, received null',
    );
  });
});
