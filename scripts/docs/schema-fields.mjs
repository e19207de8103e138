// Field tables from JSON Schemas: one row per property (nested objects as `a.b`, array items as `a[].b`),
// with a short type, whether it is required, and the registry's description.

import { code, table } from './markdown.mjs';

const annotationKeys = new Set(['description', 'title', 'default', 'examples', '$schema', 'deprecated']);

function isAny(schema) {
  return (
    schema === true ||
    (typeof schema === 'object' && Object.keys(schema).every((key) => annotationKeys.has(key)))
  );
}

function branches(schema) {
  return schema.anyOf ?? schema.oneOf;
}

/** `schema` without a `null` branch (`T | null` → `T`), or the schema itself. */
export function nonNull(schema) {
  const list = branches(schema);
  if (list !== undefined) {
    const rest = list.filter((s) => s.type !== 'null');
    if (rest.length === 1 && rest.length < list.length) return rest[0];
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return schema;
}

function hasFields(schema) {
  return schema !== undefined && schema.properties !== undefined && Object.keys(schema.properties).length > 0;
}

/** A short type label: `string`, `"a" \| "b"`, `number[]`, `{[key]: string}`, `object`, `any`. */
export function typeLabel(schema) {
  if (schema === undefined || isAny(schema)) return 'any';
  if (schema === false || schema.not !== undefined) return 'never';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const list = branches(schema);
  if (list !== undefined) return [...new Set(list.map((s) => typeLabel(s)))].join(' | ');
  if (schema.$ref !== undefined) return 'object (recursive)';
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  return types
    .map((type) => {
      if (type === 'array') {
        const item = typeLabel(schema.items);
        return / /.test(item) ? `(${item})[]` : `${item}[]`;
      }
      if (type === 'object') {
        const extra = schema.additionalProperties;
        if (!hasFields(schema) && typeof extra === 'object') return `{[key]: ${typeLabel(extra)}}`;
        return 'object';
      }
      if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
      return type;
    })
    .join(' | ');
}

function constraintNote(schema) {
  const notes = [];
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  const items = (n) => `${n} item${n === 1 ? '' : 's'}`;
  if (schema.minItems !== undefined) notes.push(`at least ${items(schema.minItems)}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${items(schema.maxItems)}`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${schema.exclusiveMinimum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.length === 0 ? '' : ` (${notes.join(', ')})`;
}

/** The object schema to descend into for a property, if any (objects, nullable objects, arrays of objects). */
function nestedObject(schema) {
  const inner = nonNull(schema);
  if (hasFields(inner)) return { schema: inner, suffix: '.' };
  if (inner.type === 'array' && inner.items !== undefined) {
    const item = nonNull(inner.items);
    if (hasFields(item)) return { schema: item, suffix: '[].' };
  }
  return undefined;
}

/** Rows `{field, type, required, description}` for every property of an object schema, nested ones included. */
export function fieldRows(schema, { prefix = '', depth = 0, maxDepth = 3 } = {}) {
  const rows = [];
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const description = property.description ?? nonNull(property).description ?? '';
    rows.push({
      field: `${prefix}${key}`,
      type: typeLabel(property),
      required: required.has(key),
      description: description + constraintNote(nonNull(property)),
    });
    const nested = nestedObject(property);
    if (nested !== undefined && depth + 1 < maxDepth)
      rows.push(...fieldRows(nested.schema, { prefix: `${prefix}${key}${nested.suffix}`, depth: depth + 1 }));
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object' && hasFields(schema))
    rows.push({ field: `${prefix}*`, type: typeLabel(extra), required: false, description: 'Any other key' });
  return rows;
}

/** Escapes pipes for a table cell (GitHub needs it inside code spans too). */
function pipes(text) {
  return text.replace(/\|/g, '\\|');
}

/** A Markdown table of the fields of an object schema (or a sentence when it declares none). */
export function fieldTable(schema) {
  const target = nonNull(schema);
  if (!hasFields(target)) {
    if (target.additionalProperties === true || isAny(target))
      return 'Any JSON object: the registry does not describe its fields.';
    return `No fields: ${code(typeLabel(target))}.`;
  }
  const rows = fieldRows(target).map((row) => [
    code(row.field),
    pipes(code(row.type)),
    row.required ? 'yes' : '',
    pipes(row.description),
  ]);
  return table(['Field', 'Type', 'Required', 'Description'], rows, { raw: true });
}

/** What tells the variants of a union apart: the `const` property shared by every branch, if any. */
function discriminatorOf(list) {
  const keys = Object.keys(list[0]?.properties ?? {}).filter((key) =>
    list.every((branch) => branch.properties?.[key] !== undefined && 'const' in branch.properties[key]),
  );
  return keys[0];
}

/**
 * The schema as Markdown: a field table for an object, one titled table per branch for a union of objects
 * (named by the discriminator value where there is one), a sentence otherwise.
 */
export function schemaSection(schema, level = '###') {
  const target = nonNull(schema);
  const list = branches(target);
  if (list === undefined || list.every((branch) => !hasFields(nonNull(branch)) && !branches(branch))) {
    if (list !== undefined && !hasFields(target))
      return `One of: ${list.map((s) => code(typeLabel(s))).join(', ')}.`;
    return fieldTable(target);
  }
  const flat = list.flatMap((branch) => branches(branch) ?? [branch]);
  const key = discriminatorOf(flat.filter((branch) => hasFields(branch)));
  const parts = [`One of ${flat.length} shapes${key === undefined ? '' : `, told apart by ${code(key)}`}:`];
  flat.forEach((branch, i) => {
    const props = branch.properties ?? {};
    const tagKey = key ?? Object.keys(props).find((k) => 'const' in props[k]);
    const absent = Object.keys(props).find((k) => props[k].not !== undefined);
    let tag = tagKey === undefined ? undefined : `${tagKey}: ${JSON.stringify(props[tagKey].const)}`;
    if (tag === undefined && absent !== undefined) tag = `${absent} absent`;
    const name = tag ?? (hasFields(branch) ? `shape ${i + 1}` : typeLabel(branch));
    const about = branch.description === undefined ? '' : ` ${branch.description}.`;
    parts.push(`${level} ${name}\n\n${hasFields(branch) ? '' : 'A value of this type.'}${about}`.trimEnd());
    if (hasFields(branch)) parts.push(fieldTable(branch));
  });
  return parts.join('\n\n');
}
