import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import { mergeObjectUnion } from './merge-object-union.js';
import { toAnthropicTool } from './to-anthropic-tool.js';

describe('toAnthropicTool', () => {
  it('gives name, description and the input schema without $schema', () => {
    const tool = toAnthropicTool(claudeCodeTools.Write);
    expect(tool).toEqual({
      name: 'Write',
      description: claudeCodeTools.Write.description,
      input_schema: {
        type: 'object',
        properties: {
          file_path: { type: 'string', description: 'Absolute path of the file' },
          content: { type: 'string', description: 'Full content to write' },
        },
        required: ['file_path', 'content'],
      },
    });
  });

  it('never puts a union at the root of input_schema', () => {
    for (const spec of [...Object.values(claudeCodeTools), ...Object.values(codexTools)]) {
      const schema = toAnthropicTool(spec).input_schema;
      expect(schema.type, spec.name).toBe('object');
      expect(schema.anyOf ?? schema.oneOf, spec.name).toBeUndefined();
      expect(schema.properties, spec.name).toBeTypeOf('object');
    }
    const ask = toAnthropicTool(claudeCodeTools.AskUserQuestion).input_schema;
    expect(Object.keys(ask.properties ?? {})).toEqual([
      'questions',
      'answers',
      'annotations',
      'metadata',
      'question',
      'options',
    ]);
    expect(ask.required).toBeUndefined();
  });
});

describe('mergeObjectUnion', () => {
  it('merges object branches: all properties, differing forms as anyOf, required only where every branch requires', () => {
    expect(
      mergeObjectUnion({
        description: 'Either',
        anyOf: [
          {
            type: 'object',
            properties: { kind: { const: 'a' }, id: { type: 'string', description: 'Id' } },
            required: ['kind', 'id'],
          },
          {
            oneOf: [
              {
                type: 'object',
                properties: { kind: { const: 'b' }, id: { type: 'string' } },
                required: ['kind'],
              },
              {
                type: 'object',
                properties: { kind: { const: 'c' } },
                required: ['kind'],
                additionalProperties: true,
              },
            ],
          },
        ],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        kind: { anyOf: [{ const: 'a' }, { const: 'b' }, { const: 'c' }] },
        id: { type: 'string', description: 'Id' },
      },
      required: ['kind'],
      additionalProperties: true,
      description: 'Either. One of 3 argument forms (required fields: {kind, id} | {kind}).',
    });
  });

  it('gives undefined for schemas that are not unions of objects', () => {
    expect(mergeObjectUnion({ type: 'object' })).toBeUndefined();
    expect(mergeObjectUnion({ anyOf: [{ type: 'string' }, { type: 'object' }] })).toBeUndefined();
  });
});
