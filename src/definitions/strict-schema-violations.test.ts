import { describe, expect, it } from 'vitest';
import { strictSchemaViolations } from './strict-schema-violations.js';

describe('strictSchemaViolations', () => {
  it('finds nothing in a valid strict schema', () => {
    expect(
      strictSchemaViolations({
        type: 'object',
        properties: {
          a: { type: ['string', 'null'], description: 'A', format: 'date' },
          b: { anyOf: [{ type: 'array', items: { type: 'number', minimum: 0 } }, { type: 'null' }] },
        },
        required: ['a', 'b'],
        additionalProperties: false,
      }),
    ).toEqual([]);
  });

  it('names every problem with its path', () => {
    expect(
      strictSchemaViolations({
        type: 'object',
        properties: {
          open: { type: 'object', properties: {} },
          partial: {
            type: 'object',
            properties: { x: { type: 'string' }, y: { type: 'string', minLength: 1, format: 'uri' } },
            required: ['x'],
            additionalProperties: false,
          },
          any: {},
          list: { type: 'array' },
          union: { anyOf: [{ type: 'string', default: 'x' }] },
        },
        required: ['open', 'partial', 'any', 'list', 'union'],
        additionalProperties: false,
      }),
    ).toEqual([
      'open: object without additionalProperties: false',
      'partial: required ["x"] is not every property ["x","y"]',
      'partial.y: unsupported keyword "minLength"',
      'partial.y: unsupported format "uri"',
      'any: no type',
      'list: array without a single "items" schema',
      'union|anyOf[0]: unsupported keyword "default"',
    ]);
    expect(strictSchemaViolations({ anyOf: [{ type: 'object' }] })).toContain('(root): union at the root');
    expect(strictSchemaViolations({ type: 'string' })[0]).toBe('(root): type is "string", not "object"');
  });
});
