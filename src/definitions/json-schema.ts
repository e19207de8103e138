import { isObject } from '../schemas/common/is-object.js';
/** A JSON Schema document or sub-schema (draft 2020-12), as plain JSON. Keywords agentlog reads are typed. */
export interface JsonSchema {
  $schema?: string;
  type?: string | string[];
  description?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[] | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

/** Whether a value is a JSON object (not an array, not null). */
export const isJsonObject = isObject;

/** A deep copy of a JSON value (schemas are plain JSON, so a JSON round trip is exact). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The `type` keyword as a list (`[]` when absent). */
export function typeList(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];
}

/** Whether a schema describes objects: `type: "object"` or object keywords without a type. */
export function isObjectSchema(schema: JsonSchema): boolean {
  const types = typeList(schema);
  if (types.length > 0) return types.includes('object');
  return 'properties' in schema || 'additionalProperties' in schema || 'required' in schema;
}

/** Whether `null` is a valid instance of the schema, as far as its type, enum, const and unions tell. */
export function acceptsNull(schema: JsonSchema | boolean | undefined): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((branch) => acceptsNull(branch))) return true;
  if (Array.isArray(schema.oneOf) && schema.oneOf.some((branch) => acceptsNull(branch))) return true;
  if ('const' in schema) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const types = typeList(schema);
  if (types.length > 0) return types.includes('null');
  // No type, enum, const or union: only a `$ref` or constraints; `{}` accepts anything.
  return schema.$ref === undefined && schema.anyOf === undefined && schema.oneOf === undefined;
}

/** Appends a sentence to a schema's description (creating it when absent). */
export function appendDescription(schema: JsonSchema, sentence: string): void {
  const current = typeof schema.description === 'string' ? schema.description.trim() : '';
  if (current === '') {
    schema.description = sentence;
    return;
  }
  const separator = /[.!?)]$/.test(current) ? ' ' : '. ';
  schema.description = `${current}${separator}${sentence}`;
}

const singleSchemaKeywords = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
] as const;
const schemaListKeywords = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'] as const;
const schemaMapKeywords = [
  'properties',
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
] as const;

/** A sub-schema and where it sits: `keyword`, plus the property name or index under it. */
export interface SubschemaSite {
  keyword: string;
  key?: string | number;
  schema: JsonSchema;
}

/** The object-form sub-schemas of a schema (boolean sub-schemas and literal payloads such as enum are skipped). */
export function subschemas(schema: JsonSchema): SubschemaSite[] {
  const sites: SubschemaSite[] = [];
  for (const keyword of singleSchemaKeywords) {
    const child = schema[keyword];
    if (isJsonObject(child)) sites.push({ keyword, schema: child as JsonSchema });
  }
  for (const keyword of schemaListKeywords) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((child, index) => {
      if (isJsonObject(child)) sites.push({ keyword, key: index, schema: child as JsonSchema });
    });
  }
  for (const keyword of schemaMapKeywords) {
    const map = schema[keyword];
    if (!isJsonObject(map)) continue;
    for (const [key, child] of Object.entries(map)) {
      if (isJsonObject(child)) sites.push({ keyword, key, schema: child as JsonSchema });
    }
  }
  return sites;
}
