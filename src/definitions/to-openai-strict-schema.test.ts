import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import type { JsonSchema } from './json-schema.js';
import { makeNullable } from './make-nullable.js';
import { strictSchemaViolations } from './strict-schema-violations.js';
import { toJsonSchema } from './to-json-schema.js';
import { type StrictSchemaResult, toOpenAIStrictSchema } from './to-openai-strict-schema.js';

function strict(schema: JsonSchema): JsonSchema {
  const result = toOpenAIStrictSchema(schema);
  if (!result.ok) throw new Error(`not strict: ${result.reason}`);
  return result.schema;
}

function reason(schema: JsonSchema): string {
  const result: StrictSchemaResult = toOpenAIStrictSchema(schema);
  return result.ok ? 'strict' : `${result.path}: ${result.reason}`;
}

describe('toOpenAIStrictSchema', () => {
  it('closes objects, requires every property and makes the optional ones nullable', () => {
    const input: JsonSchema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        count: { type: 'number', description: 'How many' },
        mode: { type: 'string', enum: ['a', 'b'] },
        tag: { type: 'string', const: 'x', description: 'Always x' },
        nested: { type: 'object', properties: { deep: { type: 'boolean' } }, description: 'Nested' },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        list: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'list'],
    };
    expect(strict(input)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        count: { type: ['number', 'null'], description: 'How many' },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        tag: { anyOf: [{ type: 'string', const: 'x' }, { type: 'null' }], description: 'Always x' },
        nested: {
          anyOf: [
            {
              type: 'object',
              properties: { deep: { type: ['boolean', 'null'] } },
              required: ['deep'],
              additionalProperties: false,
            },
            { type: 'null' },
          ],
          description: 'Nested',
        },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
        list: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'count', 'mode', 'tag', 'nested', 'either', 'list'],
      additionalProperties: false,
    });
  });

  it('leaves properties that already accept null alone, and does not modify its input', () => {
    const input: JsonSchema = {
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { anyOf: [{ type: 'number' }, { type: 'null' }] } },
    };
    const before = JSON.stringify(input);
    expect(strict(input).properties).toEqual(input.properties);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('moves unsupported constraints into the description and drops null defaults', () => {
    const result = toOpenAIStrictSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 2, maxLength: 9, description: 'Search query' },
        url: { type: 'string', format: 'uri' },
        when: { type: 'string', format: 'date-time' },
        timeout: { type: 'number', default: 30000, minimum: 0 },
        note: { type: 'string', default: null },
      },
      required: ['query', 'url', 'when', 'timeout', 'note'],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.schema).not.toHaveProperty('$schema');
    expect(result.schema.properties).toEqual({
      query: { type: 'string', description: 'Search query. At least 2 characters. At most 9 characters.' },
      url: { type: 'string', description: 'Format: uri.' },
      when: { type: 'string', format: 'date-time' },
      timeout: { type: 'number', minimum: 0, description: 'Default: 30000.' },
      note: { type: 'string' },
    });
    expect(result.notes).toEqual([
      'query: "minLength" moved into the description.',
      'query: "maxLength" moved into the description.',
      'url: "format" moved into the description.',
      'timeout: "default" moved into the description.',
    ]);
  });

  it('does not repeat a constraint the description already states', () => {
    const schema = strict({
      type: 'object',
      properties: { q: { type: 'string', minLength: 2, description: 'Query (at least 2 characters)' } },
      required: ['q'],
    });
    expect(schema.properties?.q).toEqual({ type: 'string', description: 'Query (at least 2 characters)' });
  });

  it('turns an exclusive oneOf into anyOf and refuses one whose branches overlap', () => {
    const tagged = strict({
      type: 'object',
      properties: {
        event: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'a' }, x: { type: 'number' } },
              required: ['kind', 'x'],
            },
            { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
          ],
        },
        id: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
      },
      required: ['event', 'id'],
    });
    expect(tagged.properties?.event?.anyOf).toHaveLength(2);
    expect(tagged.properties?.event).not.toHaveProperty('oneOf');
    expect(tagged.properties?.id).toEqual({ anyOf: [{ type: 'string' }, { type: 'boolean' }] });
    expect(
      reason({
        type: 'object',
        properties: { n: { oneOf: [{ type: 'number' }, { type: 'integer' }] } },
        required: ['n'],
      }),
    ).toBe('n: "n" is a oneOf whose branches can overlap; anyOf would change its meaning.');
  });

  it('resolves a root $ref and a single-branch allOf', () => {
    const viaRef = strict({
      $ref: '#/$defs/Args',
      $defs: { Args: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
    });
    expect(viaRef).toMatchObject({ type: 'object', required: ['a'], additionalProperties: false });
    const viaAllOf = strict({
      allOf: [{ type: 'object', properties: { a: { type: 'string' } } }],
      description: 'd',
    });
    expect(viaAllOf).toMatchObject({ type: 'object', description: 'd', required: ['a'] });
  });

  it('refuses what strict mode cannot express, saying where and why', () => {
    expect(reason({ anyOf: [{ type: 'object' }, { type: 'object' }] })).toBe(
      '(root): The input is a union of 2 argument shapes; strict mode needs one object at the root.',
    );
    expect(reason({ type: 'string' })).toMatch(/^\(root\): The input is not an object/);
    const field = (schema: JsonSchema) =>
      reason({ type: 'object', properties: { f: schema }, required: ['f'] });
    expect(field({ type: 'object', additionalProperties: { type: 'string' } })).toBe(
      'f: "f" is a map (record) with free-form keys.',
    );
    expect(field({ type: 'object', additionalProperties: true })).toBe(
      'f: "f" is an open object (any keys and values).',
    );
    expect(
      field({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true }),
    ).toMatch(/open to undeclared keys/);
    expect(field({})).toBe('f: "f" accepts any JSON value (no type).');
    expect(field({ type: 'array' })).toBe('f: "f" is an array without "items".');
    expect(field({ type: 'array', items: [{ type: 'string' }] })).toBe(
      'f: "f" is a tuple (array-form "items").',
    );
    expect(field({ not: { type: 'string' } })).toBe('f: "f" uses "not", which strict mode cannot express.');
    expect(field({ type: 'string', allOf: [{ minLength: 1 }, { maxLength: 3 }] })).toMatch(/intersection/);
    expect(field({ $ref: 'https://example.com/s.json' })).toMatch(/external schema/);
    expect(
      reason({
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'object', additionalProperties: {} } } },
      }),
    ).toBe('list[]: "list[]" is a map (record) with free-form keys.');
  });

  it('enforces the size limits', () => {
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(reason({ type: 'object', properties: many })).toMatch(/more than 5000 object properties/);
    let deep: JsonSchema = { type: 'string' };
    for (let level = 0; level < 11; level += 1)
      deep = { type: 'object', properties: { d: deep }, required: ['d'] };
    expect(reason(deep)).toMatch(/deeper than 10 levels/);
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    expect(reason({ type: 'object', properties: { e: { type: 'string', enum: values } } })).toMatch(
      /1000 enum values/,
    );
  });

  it('makes every registry tool it accepts a valid strict schema, and refuses the open ones', () => {
    let accepted = 0;
    for (const spec of [...Object.values(claudeCodeTools), ...Object.values(codexTools)]) {
      const result = toOpenAIStrictSchema(toJsonSchema(spec));
      if (result.ok) {
        expect(strictSchemaViolations(result.schema), spec.name).toEqual([]);
        accepted += 1;
      } else {
        expect(result.reason, spec.name).toMatch(/^(The input|")[^\n]+\.$/);
      }
    }
    expect(accepted).toBeGreaterThan(75);
    expect(reason(toJsonSchema(claudeCodeTools.TaskCreate))).toBe(
      'metadata: "metadata" is a map (record) with free-form keys.',
    );
    expect(reason(toJsonSchema(claudeCodeTools.Skill))).toMatch(/union of 2 argument shapes/);
    expect(reason(toJsonSchema(claudeCodeTools.StructuredOutput))).toMatch(/open object/);
    expect(reason(toJsonSchema(claudeCodeTools.Read))).toBe('strict');
  });
});

describe('makeNullable', () => {
  it('adds null through the type list, the enum, a union branch or an anyOf wrapper', () => {
    expect(makeNullable({ type: 'integer' })).toEqual({ type: ['integer', 'null'] });
    expect(makeNullable({ type: ['string', 'number'] })).toEqual({ type: ['string', 'number', 'null'] });
    expect(makeNullable({ type: 'boolean', enum: [true] })).toEqual({
      type: ['boolean', 'null'],
      enum: [true, null],
    });
    expect(makeNullable({ $ref: '#/$defs/A', description: 'a' })).toEqual({
      anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }],
      description: 'a',
    });
    expect(makeNullable({ type: 'array', items: { type: 'string' } })).toEqual({
      anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }],
    });
    expect(makeNullable({ type: ['string', 'null'] })).toEqual({ type: ['string', 'null'] });
  });
});
