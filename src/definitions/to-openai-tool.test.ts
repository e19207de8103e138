import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { isValidOpenAIToolName } from './sanitize-tool-name.js';
import { strictSchemaViolations } from './strict-schema-violations.js';
import { toOpenAITool } from './to-openai-tool.js';
import { ToolNameMap } from './tool-name-map.js';

describe('toOpenAITool', () => {
  it('nests under "function" for Chat Completions and is flat for the Responses API, strict always present', () => {
    const chat = toOpenAITool(claudeCodeTools.Glob, { api: 'chat', strict: true });
    expect(chat.tool).toEqual({
      type: 'function',
      function: {
        name: 'Glob',
        description: claudeCodeTools.Glob.description,
        parameters: {
          type: 'object',
          properties: {
            pattern: { type: 'string', description: 'Glob pattern such as "**/*.ts"' },
            path: {
              type: ['string', 'null'],
              description: 'Directory to search (default: working directory)',
            },
          },
          required: ['pattern', 'path'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
    const responses = toOpenAITool(claudeCodeTools.Glob, { api: 'responses', strict: false });
    expect(responses.tool).toEqual({
      type: 'function',
      name: 'Glob',
      description: claudeCodeTools.Glob.description,
      parameters: {
        type: 'object',
        properties: {
          pattern: { type: 'string', description: 'Glob pattern such as "**/*.ts"' },
          path: { type: 'string', description: 'Directory to search (default: working directory)' },
        },
        required: ['pattern'],
      },
      strict: false,
    });
    expect(responses).not.toHaveProperty('reason');
  });

  it('falls back to strict: false with the reason when the schema cannot be strict', () => {
    const skill = toOpenAITool(claudeCodeTools.Skill, { api: 'responses', strict: true });
    expect(skill.strict).toBe(false);
    expect(skill.tool.strict).toBe(false);
    expect(skill.reason).toMatch(/union of 2 argument shapes/);
    // Sent non-strict: the union merged into one object root, as both APIs need.
    expect(skill.tool.parameters).toMatchObject({
      type: 'object',
      properties: { skill: { type: 'string' }, args: { type: 'string' }, command: { type: 'string' } },
    });
    expect(skill.tool.parameters).not.toHaveProperty('anyOf');
    expect(skill.tool.parameters).not.toHaveProperty('required');
  });

  it('converts Anthropic definitions: names sanitized through the shared map, $schema dropped, formats described', () => {
    const names = new ToolNameMap();
    const first = toOpenAITool(
      {
        name: 'mcp__docs.io__fetch',
        description: 'Fetch a page',
        input_schema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { url: { type: 'string', format: 'uri', $id: 'x' } },
          required: ['url', 'missing'],
        },
      },
      { api: 'responses', strict: false, names },
    );
    const second = toOpenAITool(
      { name: 'mcp__docs_io__fetch', input_schema: { type: 'object' } },
      { api: 'responses', strict: true, names },
    );
    expect(first.openaiName).toBe('mcp__docs_io__fetch');
    expect(second.openaiName).toMatch(/^mcp__docs_io__fetch_[0-9a-f]{8}$/);
    expect(names.originalName(second.openaiName)).toBe('mcp__docs_io__fetch');
    expect(first.tool.parameters).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'Format: uri.' } },
      required: ['url'],
    });
    expect(first.notes).toEqual(['format "uri" moved into the description.']);
    expect(second.tool).toEqual({
      type: 'function',
      name: second.openaiName,
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      strict: true,
    });
  });

  it('gives every registry tool a valid name and, when strict, a valid strict schema', () => {
    const names = new ToolNameMap();
    for (const spec of Object.values(claudeCodeTools)) {
      const conversion = toOpenAITool(spec, { api: 'chat', strict: true, names });
      expect(isValidOpenAIToolName(conversion.openaiName), spec.name).toBe(true);
      expect(conversion.tool.function.parameters.type, spec.name).toBe('object');
      if (conversion.strict)
        expect(strictSchemaViolations(conversion.tool.function.parameters), spec.name).toEqual([]);
      else expect(conversion.reason, spec.name).toBeTypeOf('string');
    }
    expect(names.size).toBe(Object.keys(claudeCodeTools).length);
  });

  it('keeps defer_loading for the Responses API only, drops Anthropic-only fields, and refuses hosted tools', () => {
    const def = {
      name: 'lookup',
      input_schema: { type: 'object', properties: {} },
      strict: true,
      defer_loading: true,
      cache_control: { type: 'ephemeral' },
      input_examples: [{}],
    };
    expect(toOpenAITool(def, { api: 'responses', strict: false }).tool).toEqual({
      type: 'function',
      name: 'lookup',
      parameters: { type: 'object', properties: {} },
      strict: false,
      defer_loading: true,
    });
    expect(toOpenAITool(def, { api: 'chat', strict: false }).tool).toEqual({
      type: 'function',
      function: { name: 'lookup', parameters: { type: 'object', properties: {} }, strict: false },
    });
    const hosted = { type: 'bash_20250124', name: 'bash' } as unknown as Parameters<typeof toOpenAITool>[0];
    expect(() => toOpenAITool(hosted, { api: 'chat', strict: false })).toThrow(
      'Tool "bash" (type "bash_20250124") has no input_schema: Anthropic-defined tools have no function form.',
    );
  });
});
