import { acceptsNull, isJsonObject, isObjectSchema, type JsonSchema } from './json-schema.js';

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (
    let guard = 0;
    guard < 16 && typeof current.$ref === 'string' && current.$ref.startsWith('#/');
    guard += 1
  ) {
    const target = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, part) => (isJsonObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        root,
      );
    if (!isJsonObject(target)) return current;
    current = target as JsonSchema;
  }
  return current;
}

/** How well an object value fits an object branch: discriminators first, then declared keys. */
function fitScore(branch: JsonSchema, value: Record<string, unknown>): number {
  const properties = branch.properties ?? {};
  let score = 0;
  for (const [key, child] of Object.entries(value)) {
    const property = properties[key];
    if (property === undefined) {
      score -= 1;
      continue;
    }
    if ('const' in property) score += property.const === child ? 100 : -1000;
    else score += 1;
  }
  for (const key of branch.required ?? []) if (!(key in value)) score -= 10;
  return score;
}

function branchFor(branches: JsonSchema[], value: unknown, root: JsonSchema): JsonSchema | undefined {
  const resolved = branches.map((branch) => resolveRef(branch, root));
  if (!isJsonObject(value)) {
    if (Array.isArray(value))
      return resolved.find((branch) => branch.items !== undefined || branch.type === 'array');
    return undefined;
  }
  const objects = resolved.filter(isObjectSchema);
  let best: JsonSchema | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const branch of objects) {
    const score = fitScore(branch, value);
    if (score > bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function clean(value: unknown, schema: JsonSchema | boolean | undefined, root: JsonSchema): unknown {
  if (schema === undefined || typeof schema === 'boolean' || value === null) return value;
  const resolved = resolveRef(schema, root);
  const union = resolved.anyOf ?? resolved.oneOf;
  if (Array.isArray(union)) {
    const branch = branchFor(union, value, root);
    return branch === undefined ? value : clean(value, branch, root);
  }
  if (Array.isArray(value)) {
    const items = resolved.items;
    if (items === undefined || Array.isArray(items)) return value;
    return value.map((item) => clean(item, items, root));
  }
  if (!isJsonObject(value) || !isObjectSchema(resolved)) return value;
  const properties = resolved.properties ?? {};
  const required = new Set(resolved.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (
      child === null &&
      property !== undefined &&
      !required.has(key) &&
      !acceptsNull(resolveRef(property, root))
    )
      continue;
    out[key] =
      property !== undefined
        ? clean(child, property, root)
        : isJsonObject(resolved.additionalProperties)
          ? clean(child, resolved.additionalProperties, root)
          : child;
  }
  return out;
}

/**
 * `value` without the `null`s that OpenAI strict mode introduced: at every object (recursively, through
 * arrays and unions, following the original schema), a property that is `null`, optional in `schema` and
 * not nullable there is removed, since the tool treats absent and `null` differently (spec 5.5 step 4).
 * Nulls the original schema allows are kept. Returns a new value; the input is not modified.
 */
export function removeIntroducedNulls(value: unknown, schema: JsonSchema): unknown {
  return clean(value, schema, schema);
}
