import { z } from 'zod';
import { isObject as isPlainObject } from './is-object.js';
import { schemaSelectorOf, surelyValid } from './surely-valid.js';

export { markSchemaSelector, type SchemaSelector } from './surely-valid.js';

type AnySchema = z.core.$ZodType;

const openShapes = new WeakSet<AnySchema>();

/**
 * Marks an object schema whose undeclared keys are expected (the fallback for unknown variants, whose
 * fields nobody has catalogued): `unknownKeys` still walks its declared keys but reports no others.
 * Returns the schema itself.
 */
export function markOpenShape<T extends AnySchema>(schema: T): T {
  openShapes.add(schema);
  return schema;
}

function catchallDeclaresKeys(catchall: AnySchema | undefined): catchall is AnySchema {
  if (catchall === undefined) return false;
  const kind = catchall._zod.def.type;
  return kind !== 'unknown' && kind !== 'any' && kind !== 'never';
}

/**
 * Walks `value` along `schema`, pushing the path of each undeclared key to `out`. `path` is the current path,
 * pushed to and popped as the walk goes down and up (copied only for a key it reports). A value that is not
 * an object or array has no keys, whatever its schema, so the walk stops there.
 */
function walk(schema: AnySchema, value: unknown, path: string[], out: string[][]): void {
  if (typeof value !== 'object' || value === null) return;
  const select = schemaSelectorOf(schema);
  if (select !== undefined) {
    walk(select(value), value, path, out);
    return;
  }
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      walk((def as z.core.$ZodOptionalDef).innerType, value, path, out);
      return;
    }
    case 'lazy': {
      walk((def as z.core.$ZodLazyDef).getter(), value, path, out);
      return;
    }
    case 'pipe': {
      walk((def as z.core.$ZodPipeDef).in, value, path, out);
      return;
    }
    case 'object': {
      if (!isPlainObject(value)) return;
      const { shape, catchall } = def as z.core.$ZodObjectDef;
      const typedCatchall = catchallDeclaresKeys(catchall) ? catchall : undefined;
      const open = openShapes.has(schema);
      for (const key of Object.keys(value)) {
        const declared = Object.hasOwn(shape, key) ? shape[key] : typedCatchall;
        if (declared !== undefined) walkChild(declared, value[key], key, path, out);
        else if (!open) out.push([...path, key]);
      }
      return;
    }
    case 'record': {
      if (!isPlainObject(value)) return;
      const { valueType } = def as z.core.$ZodRecordDef;
      for (const key of Object.keys(value)) walkChild(valueType, value[key], key, path, out);
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return;
      const element = (def as z.core.$ZodArrayDef).element;
      for (let index = 0; index < value.length; index++)
        walkChild(element, value[index], String(index), path, out);
      return;
    }
    case 'tuple': {
      if (!Array.isArray(value)) return;
      const tupleDef = def as z.core.$ZodTupleDef;
      for (let index = 0; index < value.length; index++) {
        const itemSchema = tupleDef.items[index] ?? tupleDef.rest;
        if (itemSchema) walkChild(itemSchema, value[index], String(index), path, out);
      }
      return;
    }
    case 'union': {
      walkUnion(def as z.core.$ZodDiscriminatedUnionDef, value, path, out);
      return;
    }
    case 'intersection': {
      const intersectionDef = def as z.core.$ZodIntersectionDef;
      const left = collect(intersectionDef.left, value, path);
      const right = new Set(collect(intersectionDef.right, value, path).map((p) => JSON.stringify(p)));
      out.push(...left.filter((p) => right.has(JSON.stringify(p))));
      return;
    }
    default:
      return;
  }
}

/** Walks a member of an object or array under its key. */
function walkChild(schema: AnySchema, child: unknown, key: string, path: string[], out: string[][]): void {
  if (typeof child !== 'object' || child === null) return;
  path.push(key);
  walk(schema, child, path, out);
  path.pop();
}

function collect(schema: AnySchema, value: unknown, path: readonly string[]): string[][] {
  const out: string[][] = [];
  walk(schema, value, [...path], out);
  return out;
}

function walkUnion(
  def: z.core.$ZodDiscriminatedUnionDef,
  value: unknown,
  path: string[],
  out: string[][],
): void {
  const options = def.options;
  if (def.discriminator !== undefined && isPlainObject(value)) {
    const tag = value[def.discriminator];
    const matching = options.find((option) => option._zod.propValues?.[def.discriminator]?.has(tag as never));
    if (matching !== undefined) {
      walk(matching, value, path, out);
      return;
    }
  }
  // Like zod: the first branch that accepts the value is the one that applies.
  const accepted = options.find((option) => surelyValid(option, value) || z.safeParse(option, value).success);
  if (accepted !== undefined) {
    walk(accepted, value, path, out);
    return;
  }
  let best: string[][] | undefined;
  for (const option of options) {
    const found = collect(option, value, path);
    if (best === undefined || found.length < best.length) best = found;
  }
  if (best !== undefined) out.push(...best);
}

/**
 * The JSON paths of the keys in `value` that `schema` does not declare (array indexes as decimal
 * strings), for drift reports. Walks objects, records, arrays, tuples, optional/nullable/default
 * wrappers, lazy schemas, pipes (input side), intersections and unions: a discriminated union follows
 * the option its discriminator names; a plain union follows the first branch that accepts the value,
 * else the branch with the fewest unknown keys. Keys caught by a typed catchall count as declared.
 */
export function unknownKeys(schema: z.core.$ZodType, value: unknown): string[][] {
  return collect(schema, value, []);
}
