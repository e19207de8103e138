import { z } from 'zod';
import { isObject } from './is-object.js';
import { markValidWhen, surelyValid } from './surely-valid.js';

/** An object of a variant no schema knows: kept as written, with its tag. */
export type OpenVariant<K extends string> = { [P in K]: string } & Record<string, unknown>;

/**
 * A union tagged by `key` that stays open: a known tag is checked against its variant schema (issues keep
 * the variant's paths), an unknown tag passes as a loose object. Unlike `z.union`, a known variant that
 * fails never falls through to the open branch.
 */
export function openDiscriminatedUnion<K extends string, V extends Record<string, z.ZodType>>(
  key: K,
  variants: V,
): z.ZodType<z.output<V[keyof V]> | OpenVariant<K>> {
  const base = z.looseObject({ [key]: z.string() } as Record<K, z.ZodString>);
  const schema = base.check((payload) => {
    const value = payload.value as Record<string, unknown>;
    const schema = variantFor(variants, String(value[key]));
    if (schema !== undefined) forwardIssues(payload, schema.safeParse(value), []);
  });
  // The check's twin for `surelyValid`: the tag a string, and the variant it names (if any) valid.
  markValidWhen(schema, (value) => {
    if (!isObject(value) || typeof value[key] !== 'string') return false;
    const variant = variantFor(variants, value[key]);
    return variant === undefined || surelyValid(variant, value);
  });
  return schema as unknown as z.ZodType<z.output<V[keyof V]> | OpenVariant<K>>;
}

/** The variant schema for `tag`, if `tag` is one of `variants`' own keys. */
export function variantFor<V extends Record<string, z.ZodType>>(
  variants: V,
  tag: string,
): z.ZodType | undefined {
  return Object.hasOwn(variants, tag) ? variants[tag] : undefined;
}

/** A value of a serde externally tagged enum: a unit variant as a string, or `{variant: data}`. */
export type ExternallyTagged<V extends Record<string, z.ZodType>> =
  | string
  | { [P in keyof V]: { [Q in P]: z.output<V[P]> } }[keyof V]
  | Record<string, unknown>;

/**
 * A serde externally tagged enum that stays open: any string (a unit variant), or an object whose known
 * variant key is checked against its schema (other keys are kept).
 */
export function openExternallyTagged<V extends Record<string, z.ZodType>>(
  variants: V,
): z.ZodType<ExternallyTagged<V>> {
  const schema = z.union([z.string(), z.looseObject({})]).check((payload) => {
    const value = payload.value;
    if (typeof value === 'string') return;
    for (const [tag, schema] of Object.entries(variants)) {
      if (!Object.hasOwn(value, tag)) continue;
      forwardIssues(payload, schema.safeParse(value[tag]), [tag]);
    }
  });
  // The check's twin for `surelyValid`: a string, or an object whose known variant keys hold valid data.
  markValidWhen(schema, (value) => {
    if (typeof value === 'string') return true;
    if (!isObject(value)) return false;
    for (const [tag, variant] of Object.entries(variants))
      if (Object.hasOwn(value, tag) && !surelyValid(variant, value[tag])) return false;
    return true;
  });
  return schema as unknown as z.ZodType<ExternallyTagged<V>>;
}

type CheckPayload = Parameters<Extract<Parameters<z.ZodType['check']>[0], (...args: never[]) => unknown>>[0];

/** Copies the issues of a nested parse into a check's payload, under `prefix`, keeping their codes. */
export function forwardIssues(
  payload: CheckPayload,
  result: z.ZodSafeParseResult<unknown>,
  prefix: PropertyKey[],
): void {
  if (result.success) return;
  for (const issue of result.error.issues) {
    payload.issues.push({
      ...issue,
      input: issue.input,
      path: [...prefix, ...issue.path],
    } as (typeof payload.issues)[number]);
  }
}
