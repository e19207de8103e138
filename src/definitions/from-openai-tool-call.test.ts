import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import { fromOpenAIToolCall, parseToolArguments } from './from-openai-tool-call.js';
import { removeIntroducedNulls } from './remove-introduced-nulls.js';
import { toOpenAITool } from './to-openai-tool.js';
import { ToolNameMap } from './tool-name-map.js';

function mapWith(...specs: Parameters<typeof toOpenAITool>[0][]): ToolNameMap {
  const names = new ToolNameMap();
  for (const spec of specs) toOpenAITool(spec, { api: 'responses', strict: true, names });
  return names;
}

describe('parseToolArguments', () => {
  it('parses tolerantly: empty and null mean no arguments, double-encoded JSON is unwrapped', () => {
    expect(parseToolArguments('')).toEqual({ ok: true, value: {} });
    expect(parseToolArguments('  \n')).toEqual({ ok: true, value: {} });
    expect(parseToolArguments('null')).toEqual({ ok: true, value: {} });
    expect(parseToolArguments('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseToolArguments(JSON.stringify('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(parseToolArguments({ a: 2 })).toEqual({ ok: true, value: { a: 2 } });
  });

  it('returns typed errors for invalid JSON and non-objects', () => {
    const invalid = parseToolArguments('{"a":');
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.error.kind).toBe('invalid-json');
    expect(parseToolArguments('[1]')).toEqual({
      ok: false,
      error: { kind: 'not-an-object', message: 'Arguments are an array, not a JSON object.' },
    });
    expect(parseToolArguments('42')).toMatchObject({ ok: false, error: { kind: 'not-an-object' } });
    expect(parseToolArguments(7)).toMatchObject({ ok: false, error: { kind: 'invalid-json' } });
  });
});

describe('fromOpenAIToolCall', () => {
  it('maps a shortened name back and removes the nulls strict mode introduced', () => {
    const mcpName = `mcp__${'long_server_name_'.repeat(4)}__search`;
    const names = new ToolNameMap();
    const read = toOpenAITool(claudeCodeTools.Read, { api: 'chat', strict: true, names });
    const mcp = toOpenAITool(
      {
        name: mcpName,
        input_schema: {
          type: 'object',
          properties: { q: { type: 'string' }, n: { type: 'number' } },
          required: ['q'],
        },
      },
      { api: 'responses', strict: true, names },
    );
    expect(mcp.openaiName).not.toBe(mcpName);
    expect(
      fromOpenAIToolCall(
        {
          function: {
            name: read.openaiName,
            arguments: '{"file_path":"/a","offset":null,"limit":10,"pages":null,"allow_large":null}',
          },
        },
        names,
      ),
    ).toEqual({ ok: true, name: 'Read', input: { file_path: '/a', limit: 10 } });
    expect(fromOpenAIToolCall({ name: mcp.openaiName, arguments: '{"q":"x","n":null}' }, names)).toEqual({
      ok: true,
      name: mcpName,
      input: { q: 'x' },
    });
  });

  it('removes nulls inside arrays and union branches, following the original schema', () => {
    const names = mapWith(claudeCodeTools.MultiEdit, claudeCodeTools.TodoWrite);
    const multi = fromOpenAIToolCall(
      {
        name: 'MultiEdit',
        arguments: JSON.stringify({
          file_path: '/f',
          edits: [
            { old_string: 'a', new_string: 'b', replace_all: null },
            { old_string: 'c', new_string: 'd', replace_all: true },
          ],
        }),
      },
      names,
    );
    expect(multi).toEqual({
      ok: true,
      name: 'MultiEdit',
      input: {
        file_path: '/f',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd', replace_all: true },
        ],
      },
    });
    const todos = fromOpenAIToolCall(
      {
        name: 'TodoWrite',
        arguments: JSON.stringify({
          todos: [
            { content: 'a', status: 'pending', activeForm: 'Doing a', id: null, priority: null },
            { content: 'b', status: 'completed', id: '2', priority: null },
          ],
        }),
      },
      names,
    );
    expect(todos).toEqual({
      ok: true,
      name: 'TodoWrite',
      input: {
        todos: [
          { content: 'a', status: 'pending', activeForm: 'Doing a' },
          { content: 'b', status: 'completed', id: '2' },
        ],
      },
    });
  });

  it('keeps nulls the original schema allows', () => {
    const names = mapWith(codexTools.update_plan);
    expect(
      fromOpenAIToolCall(
        { name: 'update_plan', arguments: '{"explanation":null,"plan":[{"step":"s","status":"pending"}]}' },
        names,
      ),
    ).toEqual({
      ok: true,
      name: 'update_plan',
      input: { explanation: null, plan: [{ step: 's', status: 'pending' }] },
    });
  });

  it('accepts the tool name itself, and reports unknown tools, bad JSON and invalid input without throwing', () => {
    const names = mapWith(claudeCodeTools.Bash, {
      name: 'mcp__s.v__t',
      input_schema: { type: 'object', properties: {} },
    });
    expect(fromOpenAIToolCall({ name: 'mcp__s.v__t', arguments: '' }, names)).toEqual({
      ok: true,
      name: 'mcp__s.v__t',
      input: {},
    });
    expect(fromOpenAIToolCall({ name: 'Nope', arguments: '{}' }, names)).toEqual({
      ok: false,
      error: { kind: 'unknown-tool', message: 'Function "Nope" is not one of the tools sent.' },
    });
    expect(fromOpenAIToolCall({ name: 'Bash', arguments: '{"command":' }, names)).toMatchObject({
      ok: false,
      name: 'Bash',
      error: { kind: 'invalid-json' },
    });
    const invalid = fromOpenAIToolCall({ name: 'Bash', arguments: '{"command":42,"timeout":null}' }, names);
    expect(invalid).toMatchObject({
      ok: false,
      name: 'Bash',
      error: { kind: 'invalid-input', issues: [{ path: 'command' }] },
    });
    if (!invalid.ok)
      expect(invalid.error.message).toMatch(
        /^Arguments of "Bash" do not match its input schema at "command": /,
      );
    expect(fromOpenAIToolCall({ name: 42 } as never, names)).toMatchObject({
      ok: false,
      error: { kind: 'unknown-tool' },
    });
  });

  it('validates with an explicit validator for plain Anthropic definitions', () => {
    const names = new ToolNameMap();
    toOpenAITool(
      {
        name: 'add',
        input_schema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      },
      { api: 'chat', strict: true, names, validator: z.object({ a: z.number().int() }) },
    );
    expect(fromOpenAIToolCall({ name: 'add', arguments: '{"a":1.5}' }, names)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(fromOpenAIToolCall({ name: 'add', arguments: '{"a":2}' }, names)).toEqual({
      ok: true,
      name: 'add',
      input: { a: 2 },
    });
  });
});

describe('removeIntroducedNulls', () => {
  it('follows $refs and record value schemas, and leaves required or unknown keys alone', () => {
    const schema = {
      type: 'object',
      properties: {
        item: { $ref: '#/$defs/Item' },
        byName: { type: 'object', additionalProperties: { $ref: '#/$defs/Item' } },
        must: { type: 'string' },
      },
      required: ['must'],
      $defs: { Item: { type: 'object', properties: { note: { type: 'string' } } } },
    };
    expect(
      removeIntroducedNulls(
        { item: { note: null }, byName: { x: { note: null } }, must: null, extra: null },
        schema,
      ),
    ).toEqual({ item: {}, byName: { x: {} }, must: null, extra: null });
  });
});
