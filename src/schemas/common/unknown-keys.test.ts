import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markOpenShape, markSchemaSelector, unknownKeys } from './unknown-keys.js';

const bashResult = z.looseObject({
  stdout: z.string(),
  stderr: z.string(),
  interrupted: z.boolean().optional(),
  persisted: z.looseObject({ path: z.string() }).nullable().optional(),
});

describe('unknownKeys', () => {
  it('finds an invented field at the right path', () => {
    expect(unknownKeys(bashResult, { stdout: '', stderr: '', foo: 1 })).toEqual([['foo']]);
    expect(unknownKeys(bashResult, { stdout: '', stderr: '', persisted: { path: '/t', size: 9 } })).toEqual([
      ['persisted', 'size'],
    ]);
  });

  it('finds none when every key is declared, including absent and null optionals', () => {
    expect(unknownKeys(bashResult, { stdout: 'a', stderr: '', interrupted: false, persisted: null })).toEqual(
      [],
    );
  });

  it('reports keys of strict and stripping objects, not keys caught by a typed catchall', () => {
    expect(unknownKeys(z.object({ a: z.number() }), { a: 1, b: 2 })).toEqual([['b']]);
    expect(unknownKeys(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual([['b']]);
    const counted = z.object({ a: z.number() }).catchall(z.looseObject({ n: z.number() }));
    expect(unknownKeys(counted, { a: 1, b: { n: 1, m: 2 } })).toEqual([['b', 'm']]);
  });

  it('walks arrays, tuples and records with index and key segments', () => {
    const schema = z.looseObject({
      items: z.array(z.looseObject({ id: z.string() })),
      pair: z.tuple([z.looseObject({ x: z.number() }), z.number()]),
      byPath: z.record(z.string(), z.looseObject({ version: z.number() })),
    });
    const value = {
      items: [{ id: 'a' }, { id: 'b', extra: true }],
      pair: [{ x: 1, y: 2 }, 3],
      byPath: { 'src/a.ts': { version: 1, hash: 'x' } },
    };
    expect(unknownKeys(schema, value)).toEqual([
      ['items', '1', 'extra'],
      ['pair', '0', 'y'],
      ['byPath', 'src/a.ts', 'hash'],
    ]);
  });

  it('follows the option a discriminated union names', () => {
    const schema = z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('text'), text: z.string() }),
      z.looseObject({ type: z.literal('image'), source: z.string() }),
    ]);
    expect(unknownKeys(schema, { type: 'image', source: 's', text: 'not here' })).toEqual([['text']]);
  });

  it('follows the first accepting branch of a plain union, else the branch with fewest unknown keys', () => {
    const schema = z.union([
      z.looseObject({ kind: z.literal('a'), a: z.number() }),
      z.looseObject({ kind: z.string(), b: z.number() }),
    ]);
    expect(unknownKeys(schema, { kind: 'z', b: 1, c: 2 })).toEqual([['c']]);
    expect(unknownKeys(schema, { kind: 'a', a: 1, b: 2 })).toEqual([['b']]);
    // Accepted by neither: { kind: 5 } is invalid; branch 1 leaves one key unknown, branch 2 two.
    expect(unknownKeys(schema, { kind: 5, a: 1, q: 1 })).toEqual([['q']]);
  });

  it('sees through lazy, pipe, default, readonly and intersection schemas', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.looseObject({ name: z.string(), children: z.array(node) }));
    expect(unknownKeys(node, { name: 'a', children: [{ name: 'b', children: [], depth: 1 }] })).toEqual([
      ['children', '0', 'depth'],
    ]);
    const piped = z.looseObject({ n: z.string() }).pipe(z.transform((v) => v));
    expect(unknownKeys(piped, { n: '1', m: 2 })).toEqual([['m']]);
    const defaulted = z.looseObject({ opts: z.looseObject({ a: z.number() }).default({ a: 1 }).readonly() });
    expect(unknownKeys(defaulted, { opts: { a: 2, b: 3 } })).toEqual([['opts', 'b']]);
    const both = z.intersection(z.looseObject({ a: z.number() }), z.looseObject({ b: z.number() }));
    expect(unknownKeys(both, { a: 1, b: 2, c: 3 })).toEqual([['c']]);
  });

  it('ignores values of the wrong shape (validation reports those)', () => {
    expect(unknownKeys(bashResult, 'not an object')).toEqual([]);
    expect(unknownKeys(z.array(bashResult), { 0: { x: 1 } })).toEqual([]);
  });

  it('does not report undeclared keys of open shapes, but walks their declared keys', () => {
    const open = markOpenShape(z.looseObject({ type: z.string(), meta: z.looseObject({ v: z.number() }) }));
    expect(unknownKeys(open, { type: 'new', anything: 1, meta: { v: 1, w: 2 } })).toEqual([['meta', 'w']]);
  });

  it('walks the schema a registered selector picks', () => {
    const byKind = {
      a: z.looseObject({ kind: z.literal('a'), x: z.number() }),
      b: z.looseObject({ kind: z.literal('b'), y: z.number() }),
    };
    const dispatcher = markSchemaSelector(z.unknown(), (value) =>
      (value as { kind?: string }).kind === 'a' ? byKind.a : byKind.b,
    );
    expect(unknownKeys(dispatcher, { kind: 'a', x: 1, y: 2 })).toEqual([['y']]);
    expect(unknownKeys(dispatcher, { kind: 'b', x: 1, y: 2 })).toEqual([['x']]);
  });
});
