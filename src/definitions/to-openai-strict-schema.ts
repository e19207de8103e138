import {
  appendDescription,
  cloneJson,
  isJsonObject,
  isObjectSchema,
  type JsonSchema,
  typeList,
} from './json-schema.js';
import { makeNullable } from './make-nullable.js';
import {
  describedConstraint,
  describedKeywords,
  droppedKeywords,
  rejectedKeywords,
  strictKeywords,
  strictStringFormats,
} from './strict-keywords.js';

/** The outcome of `toOpenAIStrictSchema`. */
export type StrictSchemaResult =
  | {
      ok: true;
      /** The strict schema: closed objects, every property required, optional ones nullable. */
      schema: JsonSchema;
      /** Constraints moved into descriptions and keywords dropped, one line each. */
      notes: string[];
    }
  | {
      ok: false;
      /** Why the schema cannot be strict without losing meaning (one sentence). */
      reason: string;
      /** Where, as a readable path (`(root)`, `questions[].options`, …). */
      path: string;
    };

/** Size limits of strict schemas (spec 5.5.10). */
const limits = { properties: 5000, depth: 10, enumValues: 1000, stringChars: 120_000 };

class NotStrict extends Error {
  constructor(
    readonly reason: string,
    readonly at: string,
  ) {
    super(reason);
  }
}

function label(path: string): string {
  return path === '' ? '(root)' : path;
}

function fail(path: string, reason: string): never {
  throw new NotStrict(reason, label(path));
}

function quoteJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Whether the branches of a `oneOf` can never both match (so `anyOf` means the same). */
function exclusiveBranches(branches: JsonSchema[]): boolean {
  const singleTypes = branches.map((branch) => {
    const types = typeList(branch);
    return types.length === 1 && branch.anyOf === undefined && branch.$ref === undefined
      ? types[0]
      : undefined;
  });
  if (singleTypes.every((type) => type !== undefined)) {
    const distinct = new Set(singleTypes);
    const numeric = distinct.has('number') && distinct.has('integer');
    if (distinct.size === branches.length && !numeric && !distinct.has('object')) return true;
  }
  if (!branches.every(isObjectSchema)) return false;
  const first = branches[0];
  if (first === undefined) return false;
  for (const key of Object.keys(first.properties ?? {})) {
    const values = branches.map((branch) => {
      const property = branch.properties?.[key];
      if (property === undefined || !(branch.required ?? []).includes(key)) return undefined;
      if ('const' in property) return JSON.stringify(property.const);
      if (Array.isArray(property.enum) && property.enum.length === 1) return JSON.stringify(property.enum[0]);
      return undefined;
    });
    if (values.every((value) => value !== undefined) && new Set(values).size === branches.length) return true;
  }
  return false;
}

interface Walk {
  notes: string[];
  properties: number;
  enumValues: number;
  stringChars: number;
}

function childPath(path: string, segment: string): string {
  return path === '' ? segment : segment.startsWith('[') ? `${path}${segment}` : `${path}.${segment}`;
}

function strictify(node: unknown, path: string, depth: number, walk: Walk): JsonSchema {
  if (typeof node === 'boolean')
    fail(path, `"${label(path)}" is a boolean schema (${node}), which strict mode does not allow.`);
  if (!isJsonObject(node)) fail(path, `"${label(path)}" is not a schema.`);
  const schema = node as JsonSchema;

  for (const keyword of Object.keys(schema)) {
    if (rejectedKeywords.has(keyword))
      fail(path, `"${label(path)}" uses "${keyword}", which strict mode cannot express.`);
    if (droppedKeywords.has(keyword)) {
      delete schema[keyword];
      continue;
    }
    if (keyword === 'format' && typeof schema.format === 'string' && strictStringFormats.has(schema.format))
      continue;
    if (keyword === 'format' || describedKeywords.has(keyword)) {
      const sentence = describedConstraint(keyword, schema[keyword]);
      if (sentence !== undefined) {
        const known = typeof schema.description === 'string' ? schema.description.toLowerCase() : '';
        if (!known.includes(sentence.toLowerCase().replace(/\.$/, ''))) appendDescription(schema, sentence);
        walk.notes.push(`${label(path)}: "${keyword}" moved into the description.`);
      }
      delete schema[keyword];
      continue;
    }
    if (!strictKeywords.has(keyword) && keyword !== 'oneOf' && keyword !== 'allOf') {
      walk.notes.push(`${label(path)}: unsupported keyword "${keyword}" dropped.`);
      delete schema[keyword];
    }
  }

  if (Array.isArray(schema.allOf)) {
    const [only, ...more] = schema.allOf;
    if (only === undefined || more.length > 0)
      fail(path, `"${label(path)}" is an intersection (allOf) of ${schema.allOf.length} schemas.`);
    delete schema.allOf;
    for (const [keyword, value] of Object.entries(only)) {
      if (keyword in schema && keyword !== 'description' && keyword !== 'title')
        fail(path, `"${label(path)}" has an allOf branch that overlaps its own keywords ("${keyword}").`);
      if (!(keyword in schema)) schema[keyword] = value;
    }
    return strictify(schema, path, depth, walk);
  }

  if (Array.isArray(schema.oneOf)) {
    if (!exclusiveBranches(schema.oneOf))
      fail(path, `"${label(path)}" is a oneOf whose branches can overlap; anyOf would change its meaning.`);
    schema.anyOf = [...(schema.anyOf ?? []), ...schema.oneOf];
    delete schema.oneOf;
  }

  if (schema.$ref !== undefined) {
    if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#'))
      fail(path, `"${label(path)}" refers to an external schema (${quoteJson(schema.$ref)}).`);
    const siblings = Object.keys(schema).filter(
      (k) => !['$ref', 'description', 'title', '$defs'].includes(k),
    );
    if (siblings.length > 0)
      fail(path, `"${label(path)}" has a $ref with constraining siblings (${siblings.join(', ')}).`);
  }

  for (const keyword of ['$defs', 'definitions'] as const) {
    const defs = schema[keyword];
    if (!isJsonObject(defs)) continue;
    for (const [name, def] of Object.entries(defs))
      defs[name] = strictify(def, childPath(path, `${keyword}.${name}`), depth, walk);
  }

  if (Array.isArray(schema.enum)) {
    walk.enumValues += schema.enum.length;
    for (const value of schema.enum) if (typeof value === 'string') walk.stringChars += value.length;
  }
  if (typeof schema.const === 'string') walk.stringChars += schema.const.length;

  if (Array.isArray(schema.anyOf)) {
    schema.anyOf = schema.anyOf.map((branch, index) =>
      strictify(branch, childPath(path, `anyOf[${index}]`), depth, walk),
    );
  }

  const types = typeList(schema);
  const typed =
    types.length > 0 ||
    schema.anyOf !== undefined ||
    'const' in schema ||
    'enum' in schema ||
    schema.$ref !== undefined;
  if (!typed) {
    if (isObjectSchema(schema)) schema.type = 'object';
    else fail(path, `"${label(path)}" accepts any JSON value (no type).`);
  }

  if (isObjectSchema(schema)) strictifyObject(schema, path, depth, walk);

  if (typeList(schema).includes('array')) {
    if (schema.items === undefined) fail(path, `"${label(path)}" is an array without "items".`);
    if (Array.isArray(schema.items)) fail(path, `"${label(path)}" is a tuple (array-form "items").`);
    schema.items = strictify(schema.items, childPath(path, '[]'), depth, walk);
  }
  return schema;
}

function strictifyObject(schema: JsonSchema, path: string, depth: number, walk: Walk): void {
  if (depth > limits.depth) fail(path, `"${label(path)}" nests objects deeper than ${limits.depth} levels.`);
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    const declared = Object.keys(schema.properties ?? {}).length;
    fail(
      path,
      extra === true && declared === 0
        ? `"${label(path)}" is an open object (any keys and values).`
        : extra === true
          ? `"${label(path)}" is an object open to undeclared keys (additionalProperties: true).`
          : `"${label(path)}" is a map (record) with free-form keys.`,
    );
  }
  schema.additionalProperties = false;
  const properties = schema.properties ?? {};
  const originallyRequired = new Set((schema.required ?? []).filter((key) => Object.hasOwn(properties, key)));
  const strictProperties: Record<string, JsonSchema> = {};
  for (const [key, property] of Object.entries(properties)) {
    walk.properties += 1;
    walk.stringChars += key.length;
    const strict = strictify(property, childPath(path, key), depth + 1, walk);
    strictProperties[key] = originallyRequired.has(key) ? strict : makeNullable(strict);
  }
  if (walk.properties > limits.properties)
    fail(path, `The schema has more than ${limits.properties} object properties.`);
  schema.properties = strictProperties;
  schema.required = Object.keys(strictProperties);
}

/** The root after resolving a root `$ref` to a local definition and flattening a single-branch `allOf`. */
function normalizeRoot(schema: JsonSchema): JsonSchema {
  let root = schema;
  for (let guard = 0; guard < 16; guard += 1) {
    if (typeof root.$ref === 'string' && root.$ref.startsWith('#/')) {
      const target = root.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (at, part) => (isJsonObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
          root,
        );
      const others = Object.keys(root).filter(
        (k) => !['$ref', '$defs', 'definitions', 'description', 'title'].includes(k),
      );
      if (!isJsonObject(target) || others.length > 0) return root;
      const { $ref: _ref, ...rest } = root;
      root = { ...cloneJson(target as JsonSchema), ...rest };
      continue;
    }
    if (Array.isArray(root.allOf) && root.allOf.length === 1 && root.allOf[0] !== undefined) {
      const { allOf, ...rest } = root;
      const [only] = allOf;
      if (
        only === undefined ||
        Object.keys(rest).some((k) => k in only && k !== 'description' && k !== 'title')
      )
        return root;
      root = { ...only, ...rest };
      continue;
    }
    return root;
  }
  return root;
}

/**
 * A JSON Schema transformed for OpenAI strict function calling (spec 5.5): the root must be one object;
 * every object gets `additionalProperties: false` and `required` = all its properties; properties that
 * were optional become nullable (`fromOpenAIToolCall` removes those nulls again); `minLength`, `maxLength`,
 * unsupported `format`s and `default`s move into the description; `oneOf` becomes `anyOf` when its branches
 * are exclusive. Schemas that cannot be strict without losing meaning (maps and open objects, values of any
 * type, overlapping `oneOf`, `not`/`if`/tuples…, a union at the root) give `ok: false` and the reason.
 * The input is not modified.
 */
export function toOpenAIStrictSchema(input: JsonSchema): StrictSchemaResult {
  const walk: Walk = { notes: [], properties: 0, enumValues: 0, stringChars: 0 };
  try {
    const copy = cloneJson(input);
    delete copy.$schema;
    const root = normalizeRoot(copy);
    const branches = root.anyOf ?? root.oneOf;
    if (Array.isArray(branches))
      fail(
        '',
        `The input is a union of ${branches.length} argument shapes; strict mode needs one object at the root.`,
      );
    if (!isObjectSchema(root))
      fail(
        '',
        `The input is not an object (type ${quoteJson(root.type ?? 'any')}); strict mode needs an object at the root.`,
      );
    const schema = strictify(root, '', 1, walk);
    if (walk.enumValues > limits.enumValues)
      fail('', `The schema has more than ${limits.enumValues} enum values.`);
    if (walk.stringChars > limits.stringChars)
      fail('', `The schema's names and enum values exceed ${limits.stringChars} characters.`);
    return { ok: true, schema, notes: walk.notes };
  } catch (error) {
    if (error instanceof NotStrict) return { ok: false, reason: error.reason, path: error.at };
    throw error;
  }
}
