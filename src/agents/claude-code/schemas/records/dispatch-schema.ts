import { z } from 'zod';
import { isObject as isRecord } from '../../../../schemas/common/is-object.js';
import { markOpenShape, markSchemaSelector } from '../../../../schemas/common/unknown-keys.js';

/**
 * A schema that validates each value with the schema `select` picks for it. Issues keep the selected
 * schema's codes and paths (a plain `z.union` would fold them into one `invalid_union` at the union's
 * path). `unknownKeys` follows the selection too. The declared output type is the caller's promise.
 */
export function dispatchSchema<Out, In = Out>(select: (value: unknown) => z.ZodType): z.ZodType<Out, In> {
  const schema = z.unknown().superRefine((value, ctx) => {
    const result = select(value).safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
  });
  markSchemaSelector(schema, select);
  return schema as unknown as z.ZodType<Out, In>;
}

type ObjectSchema = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig>;

/**
 * A union of object schemas told apart by the literal `discriminator` field, open to values it does
 * not know: a value whose discriminator names a known option is validated by that option (so a wrongly
 * typed field is an issue at its own path); any other value is validated by `fallback`. Fallback
 * values with an unknown discriminator are not reported by `unknownKeys` for their extra keys; those
 * whose discriminator is absent are.
 */
export function openUnion<const K extends readonly ObjectSchema[], F extends ObjectSchema>(
  discriminator: string,
  known: K,
  fallback: F,
): z.ZodType<z.output<K[number]> | z.output<F>, z.input<K[number]> | z.input<F>> {
  const byTag = new Map<unknown, z.ZodType>();
  for (const option of known) {
    const tags = option.shape[discriminator]?._zod.values;
    if (tags === undefined || tags.size === 0) {
      throw new Error(`Open union option has no literal "${discriminator}"`);
    }
    for (const tag of tags) {
      if (byTag.has(tag)) throw new Error(`Duplicate open union tag "${String(tag)}"`);
      byTag.set(tag, option);
    }
  }
  const openFallback = markOpenShape(fallback.clone());
  return dispatchSchema((value) => {
    if (!isRecord(value)) return fallback;
    const tag = value[discriminator];
    return byTag.get(tag) ?? (tag === undefined ? fallback : openFallback);
  });
}

/** A string or an array of `item` (message and tool-result content), with issues at the item's path. */
export function stringOrArray<T extends z.ZodType>(
  item: T,
): z.ZodType<string | z.output<T>[], string | z.input<T>[]> {
  const text = z.string();
  const list = z.array(item);
  const neither = z.unknown().superRefine((value, ctx) => {
    const received = value === null ? 'null' : typeof value;
    ctx.addIssue({
      code: 'invalid_type',
      expected: 'array',
      input: value,
      message: `Invalid input: expected string or array, received ${received}`,
    });
  });
  return dispatchSchema((value) =>
    typeof value === 'string' ? text : Array.isArray(value) ? list : neither,
  );
}
