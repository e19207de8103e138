import { appendDescription, isObjectSchema, type JsonSchema } from './json-schema.js';

function unionBranches(schema: JsonSchema): JsonSchema[] | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return undefined;
  return branches.flatMap((branch) => unionBranches(branch) ?? [branch]);
}

function sameSchema(a: JsonSchema, b: JsonSchema): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = schema;
  return rest;
}

/**
 * One object schema standing for a union of object schemas (`anyOf`/`oneOf` at a tool's root, which the
 * Anthropic and OpenAI APIs refuse): properties of every branch, a property declared differently by
 * branches becomes an `anyOf` of its forms, and only properties every branch requires stay required.
 * Looser than the union (it accepts mixes of branches); the description lists the alternatives.
 * Returns `undefined` when the schema is not a union of objects.
 */
export function mergeObjectUnion(schema: JsonSchema): JsonSchema | undefined {
  const branches = unionBranches(schema);
  if (branches === undefined || branches.length === 0) return undefined;
  if (!branches.every((branch) => isObjectSchema(branch) && branch.anyOf === undefined)) return undefined;
  const forms = new Map<string, JsonSchema[]>();
  let required: Set<string> | undefined;
  let open = false;
  for (const branch of branches) {
    for (const [key, property] of Object.entries(branch.properties ?? {})) {
      const known = forms.get(key) ?? [];
      if (!known.some((form) => sameSchema(withoutDescription(form), withoutDescription(property))))
        known.push(property);
      forms.set(key, known);
    }
    const branchRequired = new Set(branch.required ?? []);
    required =
      required === undefined ? branchRequired : new Set([...required].filter((k) => branchRequired.has(k)));
    if (branch.additionalProperties !== undefined && branch.additionalProperties !== false) open = true;
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [key, known] of forms) {
    const [first] = known;
    if (first === undefined) continue;
    properties[key] =
      known.length === 1
        ? first
        : {
            anyOf: known.map(withoutDescription),
            ...(first.description === undefined ? {} : { description: first.description }),
          };
  }
  const alternatives = branches
    .map((branch) => `{${(branch.required ?? []).join(', ')}}`)
    .filter((text, index, all) => all.indexOf(text) === index);
  const note = `One of ${branches.length} argument forms (required fields: ${alternatives.join(' | ')}).`;
  const merged: JsonSchema = {
    type: 'object',
    properties,
    ...(required !== undefined && required.size > 0 ? { required: [...required] } : {}),
    ...(open ? { additionalProperties: true } : {}),
  };
  if (typeof schema.description === 'string') merged.description = schema.description;
  appendDescription(merged, note);
  return merged;
}
