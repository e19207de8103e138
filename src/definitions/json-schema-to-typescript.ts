import { isJsonObject, isObjectSchema, type JsonSchema, typeList } from './json-schema.js';

/** A TypeScript type name from any text: `exit_plan_mode input` -> `ExitPlanModeInput`. */
export function typeScriptTypeName(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return /^[A-Za-z_]/.test(name) ? name : `T${name}`;
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function docComment(text: string | undefined, indent: string): string {
  if (text === undefined || text.trim() === '') return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

/** A rendered type and how it binds: unions and intersections need parentheses inside other types. */
interface Rendered {
  text: string;
  kind: 'atom' | 'union' | 'intersection';
}

const atom = (text: string): Rendered => ({ text, kind: 'atom' });

function grouped(type: Rendered, inside: 'array' | 'union' | 'intersection'): string {
  if (type.kind === 'atom' || (inside === 'union' && type.kind === 'union')) return type.text;
  return `(${type.text})`;
}

function unionOf(parts: Rendered[]): Rendered {
  const texts = [...new Set(parts.map((part) => grouped(part, 'union')))];
  if (texts.includes('unknown')) return atom('unknown');
  if (texts.length === 0) return atom('never');
  if (texts.length === 1) return parts.find((part) => grouped(part, 'union') === texts[0]) ?? atom('never');
  return { text: texts.join(' | '), kind: 'union' };
}

function intersectionOf(parts: Rendered[]): Rendered {
  if (parts.length === 1) return parts[0] ?? atom('unknown');
  return { text: parts.map((part) => grouped(part, 'intersection')).join(' & '), kind: 'intersection' };
}

function refName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  return match?.[1] === undefined ? 'unknown' : typeScriptTypeName(decodeURIComponent(match[1]));
}

function renderObject(schema: JsonSchema, indent: string): Rendered {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const extra = schema.additionalProperties;
  const keys = Object.keys(properties);
  const open = extra === true || (isJsonObject(extra) && Object.keys(extra).length === 0);
  if (keys.length === 0) {
    if (isJsonObject(extra) && !open)
      return atom(`Record<string, ${render(extra as JsonSchema, indent).text}>`);
    const anything = open || (extra === undefined && schema.properties === undefined);
    return atom(anything ? 'Record<string, unknown>' : 'Record<string, never>');
  }
  const inner = `${indent}  `;
  const lines = keys.map((key) => {
    const property = properties[key] ?? {};
    const optional = required.has(key) ? '' : '?';
    const type = render(property, inner).text;
    return `${docComment(property.description, inner)}${inner}${propertyKey(key)}${optional}: ${type};`;
  });
  // Declared members must fit the index signature, so it can only be `unknown`.
  if (open || isJsonObject(extra)) lines.push(`${inner}[key: string]: unknown;`);
  return atom(`{\n${lines.join('\n')}\n${indent}}`);
}

function renderType(type: string, schema: JsonSchema, indent: string): Rendered {
  switch (type) {
    case 'string':
    case 'boolean':
    case 'null':
      return atom(type);
    case 'number':
    case 'integer':
      return atom('number');
    case 'array': {
      const items = schema.prefixItems ?? schema.items;
      if (Array.isArray(items))
        return atom(`[${items.map((item) => render(item as JsonSchema, indent).text).join(', ')}]`);
      if (items === undefined || items === true) return atom('unknown[]');
      if (items === false) return atom('[]');
      return atom(`${grouped(render(items as JsonSchema, indent), 'array')}[]`);
    }
    case 'object':
      return renderObject(schema, indent);
    default:
      return atom('unknown');
  }
}

/** The TypeScript type of a schema, as a type expression (objects as inline type literals). */
function render(schema: JsonSchema | boolean, indent = ''): Rendered {
  if (schema === true) return atom('unknown');
  if (schema === false) return atom('never');
  if (isJsonObject(schema.not) && Object.keys(schema.not).length === 0) return atom('never');
  if (typeof schema.$ref === 'string') return atom(refName(schema.$ref));
  if ('const' in schema) return atom(literal(schema.const));
  if (Array.isArray(schema.enum)) return unionOf(schema.enum.map((value) => atom(literal(value))));
  const parts: Rendered[] = [];
  const types = typeList(schema);
  if (types.length > 0) parts.push(unionOf(types.map((type) => renderType(type, schema, indent))));
  else if (isObjectSchema(schema)) parts.push(renderObject(schema, indent));
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) parts.push(unionOf(branches.map((branch) => render(branch, indent))));
  if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((branch) => render(branch, indent)));
  if (parts.length === 0) return atom('unknown');
  return intersectionOf(parts);
}

/**
 * A TypeScript declaration for a JSON Schema: `export interface Name {…}` for an object, `export type
 * Name = …` otherwise, with descriptions as doc comments and `$defs` as more type aliases. Covers what
 * zod's JSON Schema output uses: types (and type lists), `const`, `enum`, `anyOf`/`oneOf` (unions),
 * `allOf` (intersections), `properties`/`required` (optional members), `additionalProperties` (index
 * signatures and `Record`s), `items`/`prefixItems` (arrays and tuples), local `$ref`s, `not: {}` (never).
 */
export function jsonSchemaToTypeScript(schema: JsonSchema, name: string, description?: string): string {
  const typeName = typeScriptTypeName(name);
  const doc = docComment(description ?? schema.description, '');
  const body = render(schema, '').text;
  const isInterface =
    body.startsWith('{\n') &&
    !Array.isArray(schema.anyOf ?? schema.oneOf) &&
    !Array.isArray(schema.allOf) &&
    schema.$ref === undefined;
  const declaration = isInterface
    ? `export interface ${typeName} ${body}\n`
    : `export type ${typeName} = ${body};\n`;
  const defs = { ...(isJsonObject(schema.definitions) ? schema.definitions : {}), ...(schema.$defs ?? {}) };
  const extra = Object.entries(defs).map(
    ([defName, def]) =>
      `\n${docComment((def as JsonSchema).description, '')}export type ${typeScriptTypeName(defName)} = ${render(def as JsonSchema, '').text};\n`,
  );
  return `${doc}${declaration}${extra.join('')}`;
}
