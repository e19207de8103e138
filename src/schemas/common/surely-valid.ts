/**
 * A fast answer to "does zod accept this value?" for the drift validation, which checks every record of every
 * file against the registries' schemas. Nearly every record passes, and zod's `safeParse` builds issue lists,
 * result objects and (on first use of each object schema) a compiled parser, which costs more than the answer
 * is worth when the answer is yes. `surelyValid` walks the same schema definitions with checks compiled once
 * per schema into plain closures. It says `true` only where zod's own rules (zod 4's `$ZodObject`,
 * `$ZodRecord`, `$ZodUnion`... as read in its sources) accept the value; `false` means "not sure": the caller
 * then asks zod, whose issues are the ones reported. So the schemas stay the single source of truth, and a
 * schema feature this module does not model (a refinement, a transform, an intersection) costs speed, never
 * a wrong answer. `surely-valid.test.ts` holds it to zod on every corpus record and on mutated ones.
 */
import { z } from 'zod';
import { isObject } from './is-object.js';

type AnySchema = z.core.$ZodType;
type Check = (value: unknown) => boolean;

/** Picks the schema that applies to a value (see `markSchemaSelector`). */
export type SchemaSelector = (value: unknown) => z.core.$ZodType;

const selectors = new WeakMap<AnySchema, SchemaSelector>();
const twins = new WeakMap<AnySchema, Check>();
const compiled = new WeakMap<AnySchema, Check>();

/**
 * Registers how a schema that dispatches at parse time (a refinement that validates each value with a schema
 * chosen from the value) chooses: `unknownKeys` walks the selected schema, and `surelyValid` checks it.
 * Returns the schema itself.
 */
export function markSchemaSelector<T extends AnySchema>(schema: T, select: SchemaSelector): T {
  selectors.set(schema, select);
  return schema;
}

/** The selector registered for `schema`, if any. */
export function schemaSelectorOf(schema: AnySchema): SchemaSelector | undefined {
  return selectors.get(schema);
}

/**
 * Registers the fast twin of a schema whose refinement this module cannot see into: `valid` must return true
 * only for values the schema accepts (it may use `surelyValid` on the schemas the refinement parses with).
 * Returns the schema itself.
 */
export function markValidWhen<T extends AnySchema>(schema: T, valid: Check): T {
  twins.set(schema, valid);
  return schema;
}

/** True when `schema.safeParse(value)` is sure to succeed; false when only zod can tell (see the header). */
export function surelyValid(schema: AnySchema, value: unknown): boolean {
  return checkOf(schema)(value);
}

/** The issues zod finds in `value`: none without asking zod when the value is surely valid. */
export function schemaIssuesOf(schema: AnySchema, value: unknown): readonly z.core.$ZodIssue[] {
  if (surelyValid(schema, value)) return [];
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues;
}

function checkOf(schema: AnySchema): Check {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  // A schema reached again while it compiles (through a lazy getter) calls the finished check.
  let done: Check | undefined;
  compiled.set(schema, (value) => (done as Check)(value));
  done = compile(schema);
  compiled.set(schema, done);
  return done;
}

const never: Check = () => false;
const always: Check = () => true;

function compile(schema: AnySchema): Check {
  const twin = twins.get(schema);
  if (twin !== undefined) return twin;
  const select = selectors.get(schema);
  if (select !== undefined) return (value) => checkOf(select(value))(value);
  const def = schema._zod.def;
  const base = compileType(schema);
  const checks = (def.checks ?? []).map(compileRule);
  if (checks.length === 0) return base;
  if (checks.some((c) => c === undefined)) return never;
  const rules = checks as Check[];
  return (value) => {
    if (!base(value)) return false;
    for (const rule of rules) if (!rule(value)) return false;
    return true;
  };
}

/** A length or range check zod runs after the type check; undefined for any other (a refinement, a format). */
function compileRule(check: z.core.$ZodCheck): Check | undefined {
  const def = check._zod.def as z.core.$ZodCheckDef & Record<string, unknown>;
  switch (def.check) {
    case 'min_length': {
      const minimum = def.minimum as number;
      return (value) => (value as { length: number }).length >= minimum;
    }
    case 'max_length': {
      const maximum = def.maximum as number;
      return (value) => (value as { length: number }).length <= maximum;
    }
    case 'length_equals': {
      const length = def.length as number;
      return (value) => (value as { length: number }).length === length;
    }
    case 'greater_than': {
      const bound = def.value;
      if (typeof bound !== 'number') return undefined;
      return def.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound;
    }
    case 'less_than': {
      const bound = def.value;
      if (typeof bound !== 'number') return undefined;
      return def.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound;
    }
    case 'number_format':
      return def.format === 'safeint' ? (value) => Number.isSafeInteger(value) : undefined;
    default:
      return undefined;
  }
}

function compileType(schema: AnySchema): Check {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.coerce) return never;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'undefined':
      return (value) => value === undefined;
    case 'unknown':
    case 'any':
    case 'catch':
      return always;
    case 'literal':
    case 'enum': {
      const values = schema._zod.values;
      return values === undefined ? never : (value) => values.has(value as never);
    }
    case 'optional': {
      // An optional whose inner schema substitutes a value for absence runs it on undefined (a prefault).
      const innerType = def.innerType as AnySchema;
      const inner = checkOf(innerType);
      if (innerType._zod.optin === 'defaulted') return inner;
      return (value) => value === undefined || inner(value);
    }
    case 'default': {
      // zod puts the default in place of undefined without checking it.
      const inner = checkOf(def.innerType as AnySchema);
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = checkOf(def.innerType as AnySchema);
      return (value) => value === null || inner(value);
    }
    case 'readonly':
      return checkOf(def.innerType as AnySchema);
    case 'lazy': {
      const getter = def.getter as () => AnySchema;
      let inner: Check | undefined;
      return (value) => {
        inner ??= checkOf(getter());
        return inner(value);
      };
    }
    case 'array': {
      const element = checkOf(def.element as AnySchema);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (const item of value) if (!element(item)) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def as unknown as z.core.$ZodObjectDef);
    case 'record':
      return compileRecord(def as unknown as z.core.$ZodRecordDef);
    case 'union':
      return def.discriminator === undefined
        ? compileUnion(def as unknown as z.core.$ZodUnionDef)
        : compileDiscriminatedUnion(def as unknown as z.core.$ZodDiscriminatedUnionDef);
    default:
      // tuple, intersection, pipe, transform, ...: zod decides.
      return never;
  }
}

/**
 * zod's object rules: a declared key present in the value (`key in value`, as zod tests it) is checked; an
 * absent one passes only when its schema is optional on input and output (zod then skips it; a defaulted key
 * is left to zod); undeclared keys go to the catchall, where `never` (a strict object) rejects them.
 */
function compileObject(def: z.core.$ZodObjectDef): Check {
  const keys = Object.keys(def.shape);
  const fields = keys.map((key) => {
    const schema = def.shape[key] as AnySchema;
    const absentOk = schema._zod.optin === 'optional' && schema._zod.optout === 'optional';
    return { key, check: checkOf(schema), absentOk };
  });
  const catchallType = def.catchall?._zod.def.type;
  const declared = new Set(keys);
  const catchall =
    def.catchall === undefined || catchallType === 'unknown' || catchallType === 'any'
      ? undefined
      : checkOf(def.catchall);
  const strict = catchallType === 'never';
  return (value) => {
    if (!isObject(value)) return false;
    for (const field of fields) {
      if (field.key in value) {
        if (!field.check(value[field.key])) return false;
      } else if (!field.absentOk) return false;
    }
    if (catchall !== undefined)
      for (const key in value) {
        if (declared.has(key)) continue;
        if (strict || key === '__proto__' || !catchall(value[key])) return false;
      }
    return true;
  };
}

/** A record keyed by plain strings (any other key schema is left to zod): every own enumerable value checked. */
function compileRecord(def: z.core.$ZodRecordDef): Check {
  const keyDef = def.keyType._zod.def;
  if (keyDef.type !== 'string' || (keyDef.checks?.length ?? 0) > 0 || def.keyType._zod.values !== undefined)
    return never;
  const element = checkOf(def.valueType);
  return (value) => {
    if (!z.core.util.isPlainObject(value)) return false;
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string' || key === '__proto__') return false;
      if (!Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      if (!element((value as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
}

/** An inclusive union passes when any option does (zod returns the first option without issues). */
function compileUnion(def: z.core.$ZodUnionDef): Check {
  if ((def as { inclusive?: boolean }).inclusive === false) return never;
  const options = def.options.map(checkOf);
  return (value) => {
    for (const option of options) if (option(value)) return true;
    return false;
  };
}

/** A discriminated union passes when the one option its tag names does; an unknown or shared tag is left to zod. */
function compileDiscriminatedUnion(def: z.core.$ZodDiscriminatedUnionDef): Check {
  if (def.unionFallback) return never;
  const byTag = new Map<unknown, Check | undefined>();
  for (const option of def.options) {
    const tags = option._zod.propValues?.[def.discriminator];
    if (tags === undefined) return never;
    for (const tag of tags) byTag.set(tag, byTag.has(tag) ? undefined : checkOf(option));
  }
  return (value) => {
    if (!isObject(value)) return false;
    const tag = value[def.discriminator];
    if (tag === undefined) return false;
    const check = byTag.get(tag);
    return check?.(value) === true;
  };
}
