import { isJsonObject, type JsonSchema, typeList } from './json-schema.js';

// Kept apart from the converter's own lists on purpose: this is the independent check of its output.
/** Keywords OpenAI strict mode documents (structure, annotations, supported constraints). */
const allowedKeywords = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'description',
  'title',
  '$defs',
  'definitions',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
/** String formats OpenAI strict mode documents. */
const allowedFormats = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

function at(path: string): string {
  return path === '' ? '(root)' : path;
}

function check(node: unknown, path: string, out: string[]): void {
  if (!isJsonObject(node)) {
    out.push(`${at(path)}: sub-schema is ${JSON.stringify(node)}, not a schema object`);
    return;
  }
  const schema = node as JsonSchema;
  for (const keyword of Object.keys(schema)) {
    if (!allowedKeywords.has(keyword)) out.push(`${at(path)}: unsupported keyword "${keyword}"`);
  }
  if (typeof schema.format === 'string' && !allowedFormats.has(schema.format))
    out.push(`${at(path)}: unsupported format "${schema.format}"`);
  const types = typeList(schema);
  if (types.length === 0 && !schema.anyOf && !('const' in schema) && !('enum' in schema) && !schema.$ref)
    out.push(`${at(path)}: no type`);
  if (schema.properties !== undefined || types.includes('object')) {
    if (schema.additionalProperties !== false)
      out.push(`${at(path)}: object without additionalProperties: false`);
    const keys = Object.keys(schema.properties ?? {});
    const required = schema.required ?? [];
    const same = keys.length === required.length && keys.every((key) => required.includes(key));
    if (!same)
      out.push(
        `${at(path)}: required ${JSON.stringify(required)} is not every property ${JSON.stringify(keys)}`,
      );
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      check(property, path === '' ? key : `${path}.${key}`, out);
  }
  if (types.includes('array')) {
    if (schema.items === undefined || Array.isArray(schema.items) || typeof schema.items === 'boolean')
      out.push(`${at(path)}: array without a single "items" schema`);
    else check(schema.items, `${path}[]`, out);
  }
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) out.push(`${at(path)}: empty anyOf`);
    else
      schema.anyOf.forEach((branch, index) => {
        check(branch, `${path}|anyOf[${index}]`, out);
      });
  }
  for (const keyword of ['$defs', 'definitions'] as const) {
    const defs = schema[keyword];
    if (isJsonObject(defs))
      for (const [name, def] of Object.entries(defs)) check(def, `${keyword}.${name}`, out);
  }
}

/**
 * What keeps a schema from being a valid OpenAI strict schema, one line per problem (empty when it is
 * valid): the root is an object without `anyOf`; every object has `additionalProperties: false` and
 * `required` equal to its property names; only supported keywords and formats; every sub-schema has a
 * type (or `anyOf`, `enum`, `const`, `$ref`); every array has one `items` schema.
 */
export function strictSchemaViolations(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.type !== 'object') out.push(`(root): type is ${JSON.stringify(schema.type)}, not "object"`);
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) out.push('(root): union at the root');
  check(schema, '', out);
  return out;
}
