import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDiscriminatedUnion, openExternallyTagged } from './open-union.js';
import { markSchemaSelector, markValidWhen, schemaIssuesOf, surelyValid } from './surely-valid.js';

type AnySchema = z.core.$ZodType;

const zodAccepts = (schema: AnySchema, value: unknown) => z.safeParse(schema, value).success;

/** The one rule: a value `surelyValid` vouches for is one zod accepts. */
function expectSound(schema: AnySchema, value: unknown): boolean {
  const fast = surelyValid(schema, value);
  if (fast) expect(zodAccepts(schema, value), JSON.stringify(value)).toBe(true);
  return fast;
}

describe('surelyValid, rule by rule', () => {
  const cases: [string, AnySchema, unknown[], unknown[]][] = [
    // name, schema, values it must vouch for (zod accepts them), values zod rejects
    ['string', z.string(), ['', 'a'], [1, null, undefined, {}]],
    ['number', z.number(), [0, -1.5, 1e300], ['1', Number.NaN, Number.POSITIVE_INFINITY, null]],
    ['int and bounds', z.number().int().min(0).max(10), [0, 10], [-1, 11, 1.5, 2 ** 60]],
    ['exclusive bounds', z.number().gt(0).lt(1), [0.5], [0, 1]],
    ['string lengths', z.string().min(1).max(3), ['a', 'abc'], ['', 'abcd']],
    ['array lengths', z.array(z.string()).min(1).max(2), [['a'], ['a', 'b']], [[], ['a', 'b', 'c'], [1]]],
    ['boolean', z.boolean(), [true, false], [0, 'true']],
    ['null', z.null(), [null], [undefined, 0]],
    ['literal', z.literal('a'), ['a'], ['b', 1]],
    ['enum', z.enum(['a', 'b']), ['a', 'b'], ['c', null]],
    ['unknown', z.unknown(), [1, null, {}], []],
    ['never', z.never(), [], [1, null]],
    ['optional', z.string().optional(), ['a', undefined], [null, 1]],
    ['nullable', z.string().nullable(), ['a', null], [undefined, 1]],
    ['nullish', z.string().nullish(), ['a', null, undefined], [1]],
    ['default', z.string().default('x'), ['a', undefined], [1]],
    [
      'loose object',
      z.looseObject({ a: z.string() }),
      [{ a: 'x' }, { a: 'x', b: 1 }],
      [{}, { a: 1 }, [], null],
    ],
    ['stripping object', z.object({ a: z.string() }), [{ a: 'x', b: 1 }], [{ b: 1 }]],
    ['strict object', z.strictObject({ a: z.string() }), [{ a: 'x' }], [{ a: 'x', b: 1 }]],
    [
      'typed catchall',
      z.object({ a: z.string() }).catchall(z.number()),
      [{ a: 'x', b: 1 }],
      [{ a: 'x', b: 'y' }],
    ],
    // zod wants a declared key present unless its schema is optional: an absent `unknown` key fails.
    ['absent keys', z.object({ a: z.unknown(), b: z.string().optional() }), [{ a: null }], [{}, { b: 'x' }]],
    ['array', z.array(z.number()), [[], [1, 2]], [[1, '2'], {}]],
    ['record', z.record(z.string(), z.number()), [{}, { a: 1 }], [{ a: 'x' }, [], null]],
    ['union', z.union([z.string(), z.number()]), ['a', 1], [null, {}]],
    [
      'discriminated union',
      z.discriminatedUnion('t', [
        z.object({ t: z.literal('a'), x: z.string() }),
        z.object({ t: z.literal('b') }),
      ]),
      [{ t: 'a', x: 'y' }, { t: 'b' }],
      [{ t: 'a' }, { t: 'c' }, {}, 'a'],
    ],
  ];
  for (const [name, schema, accepted, rejected] of cases) {
    it(name, () => {
      for (const value of accepted) {
        expect(zodAccepts(schema, value), `zod accepts ${JSON.stringify(value)}`).toBe(true);
        expect(surelyValid(schema, value), `vouches for ${JSON.stringify(value)}`).toBe(true);
      }
      for (const value of rejected) {
        expect(zodAccepts(schema, value), `zod rejects ${JSON.stringify(value)}`).toBe(false);
        expect(surelyValid(schema, value), `does not vouch for ${JSON.stringify(value)}`).toBe(false);
      }
    });
  }

  it('leaves to zod what it does not model: refinements, transforms, pipes, intersections, tuples', () => {
    const left: AnySchema[] = [
      z.string().refine((s) => s.length > 0),
      z.string().transform((s) => s.length),
      z.string().regex(/^a/),
      z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })),
      z.tuple([z.string()]),
      z.number().multipleOf(2),
    ];
    for (const schema of left) expect(surelyValid(schema, 'a') || surelyValid(schema, ['a'])).toBe(false);
  });

  it('follows recursive lazy schemas', () => {
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree) }));
    expect(surelyValid(tree, { children: [{ children: [] }] })).toBe(true);
    expect(expectSound(tree, { children: [{ children: [1] }] })).toBe(false);
  });

  it('uses a registered twin or selector for an opaque check, and the open unions register theirs', () => {
    const even = markValidWhen(
      z.number().check((payload) => {
        if (payload.value % 2 !== 0)
          payload.issues.push({ code: 'custom', input: payload.value, message: 'odd' });
      }),
      (value) => typeof value === 'number' && value % 2 === 0,
    );
    expect(surelyValid(even, 2)).toBe(true);
    expect(surelyValid(even, 3)).toBe(false);

    const tagged = openDiscriminatedUnion('type', {
      a: z.looseObject({ type: z.literal('a'), n: z.number() }),
    });
    expect(surelyValid(tagged, { type: 'a', n: 1 })).toBe(true);
    expect(surelyValid(tagged, { type: 'other', n: 'x' })).toBe(true);
    expect(expectSound(tagged, { type: 'a', n: 'x' })).toBe(false);
    expect(expectSound(tagged, { type: 1 })).toBe(false);

    const external = openExternallyTagged({ Sub: z.looseObject({ n: z.number() }) });
    expect(surelyValid(external, 'Unit')).toBe(true);
    expect(surelyValid(external, { Sub: { n: 1 }, other: 1 })).toBe(true);
    expect(expectSound(external, { Sub: { n: 'x' } })).toBe(false);

    const text = z.string();
    const list = z.array(z.number());
    const select = (value: unknown): AnySchema => (Array.isArray(value) ? list : text);
    const dispatched = markSchemaSelector(
      z.unknown().superRefine((value, ctx) => {
        const result = z.safeParse(select(value), value);
        if (!result.success) ctx.addIssue({ code: 'custom', message: 'neither' });
      }),
      select,
    );
    expect(surelyValid(dispatched, 'a')).toBe(true);
    expect(surelyValid(dispatched, [1])).toBe(true);
    expect(expectSound(dispatched, ['a'])).toBe(false);
  });

  it('schemaIssuesOf gives zod’s issues for a value it cannot vouch for, and none otherwise', () => {
    const schema = z.looseObject({ a: z.string() });
    expect(schemaIssuesOf(schema, { a: 'x' })).toEqual([]);
    const issues = schemaIssuesOf(schema, { a: 1 });
    expect(issues).toEqual(z.safeParse(schema, { a: 1 }).error?.issues);
  });
});
