import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import { defineTool } from '../schemas/common/define-tool.js';
import { isJsonObject, type JsonSchema, subschemas } from './json-schema.js';
import { toJsonSchema, zodToJsonSchema } from './to-json-schema.js';

function everySchema(schema: JsonSchema, visit: (node: JsonSchema) => void): void {
  visit(schema);
  for (const site of subschemas(schema)) everySchema(site.schema, visit);
}

describe('toJsonSchema', () => {
  it('writes a draft 2020-12 schema with the registry descriptions and required fields', () => {
    const schema = toJsonSchema(claudeCodeTools.Read);
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        file_path: { type: 'string', description: 'Absolute path of the file' },
        offset: { type: 'number', description: 'Line to start reading from (1-based)' },
        limit: { type: 'number', description: 'Maximum number of lines to read' },
        pages: { type: 'string', description: 'PDF page range such as "1-5" (2.1.30)' },
        allow_large: { type: 'boolean', description: 'Read a file past the size guard (2.1.300)' },
      },
      required: ['file_path'],
    });
  });

  it('omits additionalProperties on loose objects with properties, opens empty ones, keeps "no arguments" closed', () => {
    expect(toJsonSchema(claudeCodeTools.Bash).additionalProperties).toBeUndefined();
    expect(toJsonSchema(claudeCodeTools.WaitForMcpServers)).toMatchObject({
      type: 'object',
      additionalProperties: true,
    });
    const noArguments = toJsonSchema(claudeCodeTools.EnterPlanMode);
    expect(noArguments).toMatchObject({ type: 'object', properties: {}, description: 'No arguments' });
    expect(noArguments).not.toHaveProperty('additionalProperties');
    const strictObject = defineTool({
      name: 'X',
      description: 'x',
      input: z.strictObject({ a: z.string() }),
      result: z.unknown(),
    });
    expect(toJsonSchema(strictObject).additionalProperties).toBe(false);
  });

  it('keeps records as maps, without the trivial propertyNames', () => {
    const metadata = toJsonSchema(claudeCodeTools.TaskCreate).properties?.metadata;
    expect(metadata).toEqual({ type: 'object', additionalProperties: {}, description: 'Free-form metadata' });
    const [current] = toJsonSchema(claudeCodeTools.AskUserQuestion).anyOf ?? [];
    const answers = current?.properties?.answers;
    expect(answers).toEqual({
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Answers by question text',
    });
  });

  it('converts results, and unions stay unions (discriminated ones as oneOf)', () => {
    const result = toJsonSchema(claudeCodeTools.Read, { part: 'result' });
    expect(result.oneOf?.map((branch) => branch.properties?.type?.const)).toEqual([
      'text',
      'image',
      'notebook',
      'pdf',
      'parts',
      'file_unchanged',
    ]);
    expect(toJsonSchema(claudeCodeTools.Skill).anyOf).toHaveLength(2);
  });

  it('describes the input side of transforms and turns what JSON Schema cannot say into {}', () => {
    const piped = zodToJsonSchema(z.string().transform((text) => text.length));
    expect(piped).toMatchObject({ type: 'string' });
    expect(zodToJsonSchema(z.looseObject({ when: z.date() })).properties?.when).toEqual({});
  });

  it('converts every tool of both registries, and every top-level Claude Code input field is described', () => {
    for (const spec of [...Object.values(claudeCodeTools), ...Object.values(codexTools)]) {
      for (const part of ['input', 'result'] as const) {
        const schema = toJsonSchema(spec, { part });
        expect(schema.$schema, spec.name).toBe('https://json-schema.org/draft/2020-12/schema');
        everySchema(schema, (node) => {
          // Loose objects never leak zod's `additionalProperties: {}` catchall.
          if (node.properties !== undefined && Object.keys(node.properties).length > 0)
            expect(node.additionalProperties, `${spec.name} ${part}`).not.toEqual({});
        });
      }
    }
    for (const spec of Object.values(claudeCodeTools)) {
      const schema = toJsonSchema(spec);
      const objects = schema.anyOf ?? schema.oneOf ?? [schema];
      for (const object of objects)
        for (const [key, property] of Object.entries(object.properties ?? {}))
          expect(
            isJsonObject(property) && typeof property.description === 'string',
            `${spec.name}.${key}`,
          ).toBe(true);
    }
  });
});

describe('legacy fields', () => {
  it('keeps them (marked) in the full schema and drops them from the current one', () => {
    const full = toJsonSchema(claudeCodeTools.Bash);
    const current = toJsonSchema(claudeCodeTools.Bash, { fields: 'current' });
    const props = (s: JsonSchema) => Object.keys(s.properties as object);
    expect(props(full)).toEqual(
      expect.arrayContaining(['command', 'sandbox', 'shellExecutable', '_simulatedSedEdit']),
    );
    expect((full.properties as Record<string, JsonSchema>).sandbox?.['x-agentlog-legacy']).toBe(true);
    expect(props(current)).toEqual([
      'command',
      'timeout',
      'description',
      'run_in_background',
      'dangerouslyDisableSandbox',
    ]);
    expect(JSON.stringify(current)).not.toContain('x-agentlog-legacy');
  });

  it('drops a legacy field from required too', () => {
    const spec = defineTool({
      name: 'T',
      description: 'test tool',
      input: z.looseObject({
        keep: z.string().describe('kept'),
        old: z.string().meta({ description: 'old', 'x-agentlog-legacy': true }),
      }),
      result: z.unknown(),
    });
    expect(toJsonSchema(spec, { fields: 'current' })).toMatchObject({
      properties: { keep: {} },
      required: ['keep'],
    });
  });
});
