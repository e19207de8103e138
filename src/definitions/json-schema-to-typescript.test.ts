import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { claudeCodeTools, getClaudeCodeTool } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import { unknownKeys } from '../schemas/common/unknown-keys.js';
import { isJsonObject } from './json-schema.js';
import { jsonSchemaToTypeScript, typeScriptTypeName } from './json-schema-to-typescript.js';
import { toJsonSchema } from './to-json-schema.js';

const corpusDir = sharedCorpusDir;

const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/** Type-checks one in-memory module (with the standard library) and returns its diagnostics. */
function typeErrors(source: string): string[] {
  const fileName = '/virtual/tools.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    if (name === fileName) return ts.createSourceFile(name, source, language);
    if (!libraryFiles.has(name)) libraryFiles.set(name, getSourceFile(name, language));
    return libraryFiles.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `L${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`;
  });
}

/** Declarations of every tool's input and result, with unique type names; returns the input type names. */
function declarations(tools: Record<string, ToolSpec>): { text: string; inputTypes: Map<string, string> } {
  const used = new Set<string>();
  const inputTypes = new Map<string, string>();
  const parts: string[] = [];
  for (const spec of Object.values(tools)) {
    for (const part of ['input', 'result'] as const) {
      let name = typeScriptTypeName(`${spec.name} ${part}`);
      while (used.has(name)) name = `${name}_`;
      used.add(name);
      if (part === 'input') inputTypes.set(spec.name, name);
      parts.push(jsonSchemaToTypeScript(toJsonSchema(spec, { part }), name, spec.description));
    }
  }
  return { text: parts.join('\n'), inputTypes };
}

describe('jsonSchemaToTypeScript', () => {
  it('writes an interface with doc comments, optional members and quoted keys', () => {
    expect(
      jsonSchemaToTypeScript(
        {
          type: 'object',
          properties: {
            pattern: { type: 'string', description: 'Regex' },
            '-A': { type: 'number', description: 'Context after */ the match' },
            mode: { type: 'string', enum: ['a', 'b'] },
            tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
            meta: { type: 'object', additionalProperties: { type: 'string' } },
            open: {
              type: 'object',
              properties: { x: { type: ['integer', 'null'] } },
              additionalProperties: true,
            },
          },
          required: ['pattern'],
        },
        'grep input',
        'Searches files.',
      ),
    ).toBe(
      [
        '/** Searches files. */',
        'export interface GrepInput {',
        '  /** Regex */',
        '  pattern: string;',
        '  /** Context after *\\/ the match */',
        '  "-A"?: number;',
        '  mode?: "a" | "b";',
        '  tags?: (string | number)[];',
        '  meta?: Record<string, string>;',
        '  open?: {',
        '    x?: number | null;',
        '    [key: string]: unknown;',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes type aliases for unions, consts, tuples, never, empty and open objects, and $defs', () => {
    expect(
      jsonSchemaToTypeScript(
        { anyOf: [{ type: 'object', properties: { a: { const: 1 } }, required: ['a'] }, { type: 'null' }] },
        'u',
      ),
    ).toBe('export type U = {\n  a: 1;\n} | null;\n');
    expect(
      jsonSchemaToTypeScript({ type: 'array', prefixItems: [{ type: 'string' }, { not: {} }] }, 'pair'),
    ).toBe('export type Pair = [string, never];\n');
    expect(jsonSchemaToTypeScript({ type: 'object', properties: {} }, 'none')).toBe(
      'export type None = Record<string, never>;\n',
    );
    expect(jsonSchemaToTypeScript({ type: 'object', additionalProperties: true }, 'any args')).toBe(
      'export type AnyArgs = Record<string, unknown>;\n',
    );
    expect(
      jsonSchemaToTypeScript(
        { $ref: '#/$defs/node', $defs: { node: { type: 'array', items: { $ref: '#/$defs/node' } } } },
        'tree',
      ),
    ).toBe('export type Tree = Node;\n\nexport type Node = Node[];\n');
    expect(
      jsonSchemaToTypeScript(
        { allOf: [{ type: 'string' }, { anyOf: [{ const: 'a' }, { const: 'b' }] }] },
        '9 x',
      ),
    ).toBe('export type T9X = string & ("a" | "b");\n');
  });

  it('gives declarations that compile for every tool of both registries, input and result', () => {
    for (const tools of [claudeCodeTools, codexTools] as Record<string, ToolSpec>[]) {
      const { text } = declarations(tools);
      expect(typeErrors(text)).toEqual([]);
    }
  });

  it('gives types every valid corpus input type-checks against, and that reject a wrong one', () => {
    const { text, inputTypes } = declarations(claudeCodeTools);
    const lines = [text];
    let checked = 0;
    const files = readdirSync(corpusDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.jsonl'),
    );
    for (const file of files) {
      for (const line of readFileSync(path.join(corpusDir, file), 'utf8').split('\n')) {
        let record: unknown;
        try {
          record = JSON.parse(line);
        } catch {
          continue;
        }
        if (!isJsonObject(record) || record.type !== 'assistant' || !isJsonObject(record.message)) continue;
        const content = Array.isArray(record.message.content) ? record.message.content : [];
        for (const block of content) {
          if (!isJsonObject(block) || block.type !== 'tool_use' || typeof block.name !== 'string') continue;
          const spec = getClaudeCodeTool(block.name);
          const typeName = spec === undefined ? undefined : inputTypes.get(spec.name);
          // Object literals get excess-property checks: only inputs without undeclared keys are fair tests.
          if (spec === undefined || typeName === undefined || !spec.input.safeParse(block.input).success)
            continue;
          if (unknownKeys(spec.input, block.input).length > 0) continue;
          lines.push(`export const input${checked}: ${typeName} = ${JSON.stringify(block.input)};`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(typeErrors(lines.join('\n'))).toEqual([]);
    const wrong = [text, 'export const wrong: ReadInput = { file_path: 1 };'].join('\n');
    const errors = typeErrors(wrong);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Type 'number' is not assignable to type 'string'/);
  });
});
