import {
  appendDescription,
  cloneJson,
  isJsonObject,
  isObjectSchema,
  type JsonSchema,
  subschemas,
} from './json-schema.js';
import { mergeObjectUnion } from './merge-object-union.js';
import { strictStringFormats } from './strict-keywords.js';

function clean(schema: JsonSchema, isRoot: boolean, notes: string[]): void {
  delete schema.$schema;
  if (!isRoot) delete schema.$id;
  // A `strict` keyword some clients put inside schemas (never a property: those live under `properties`).
  delete schema.strict;
  if (typeof schema.format === 'string' && !strictStringFormats.has(schema.format)) {
    appendDescription(schema, `Format: ${schema.format}.`);
    notes.push(`format "${schema.format}" moved into the description.`);
    delete schema.format;
  }
  if (isObjectSchema(schema)) {
    schema.properties ??= {};
    if (Array.isArray(schema.required)) {
      const declared = schema.properties;
      schema.required = schema.required.filter((key) => Object.hasOwn(declared, key));
    }
  }
  for (const site of subschemas(schema)) clean(site.schema, false, notes);
}

/** The outcome of `toOpenAIParameters`. */
export interface OpenAIParameters {
  schema: JsonSchema;
  /** What was changed on the way, one line each. */
  notes: string[];
}

/**
 * A tool's input schema as non-strict OpenAI `parameters` (spec 5.2 and 5.4): `$schema`, nested `$id`
 * and nested `strict` keys removed; a union at the root merged into one object (both APIs need an object
 * root); every object has `properties`; `required` names only declared properties; `format`s OpenAI does
 * not know (such as `uri`) move into the description. `required` is never "fixed" heuristically.
 */
export function toOpenAIParameters(input: JsonSchema): OpenAIParameters {
  const notes: string[] = [];
  let schema = cloneJson(input);
  delete schema.$schema;
  if (!isObjectSchema(schema) || schema.anyOf !== undefined || schema.oneOf !== undefined) {
    const merged = mergeObjectUnion(schema);
    if (merged !== undefined) {
      notes.push('A union of argument shapes at the root was merged into one object.');
      schema = merged;
    } else if (!isObjectSchema(schema)) {
      notes.push('The input is not an object schema: it was wrapped as an open object.');
      schema = {
        type: 'object',
        properties: {},
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      };
    }
  }
  if (schema.type === undefined) schema.type = 'object';
  clean(schema, true, notes);
  if (!isJsonObject(schema.properties)) schema.properties = {};
  return { schema, notes };
}
