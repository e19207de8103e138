import { acceptsNull, type JsonSchema, typeList } from './json-schema.js';

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `schema` made to accept `null` too (spec 5.5 step 4): a primitive `type` becomes `[T, "null"]` (and an
 * `enum` gains `null`); a union gains a `{type: "null"}` branch; anything else is wrapped in
 * `anyOf: [schema, {type: "null"}]`, with the description moved to the wrapper.
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema) && (schema.type !== undefined || schema.anyOf !== undefined || 'enum' in schema))
    return schema;
  if (Array.isArray(schema.anyOf) && schema.type === undefined && schema.$ref === undefined) {
    return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  const types = typeList(schema);
  if (
    !('const' in schema) &&
    schema.$ref === undefined &&
    schema.anyOf === undefined &&
    types.length > 0 &&
    types.every((type) => primitiveTypes.has(type))
  ) {
    const nullable: JsonSchema = { ...schema, type: [...types, 'null'] };
    if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  const { description, title, ...inner } = schema;
  return {
    anyOf: [inner, { type: 'null' }],
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
  };
}
