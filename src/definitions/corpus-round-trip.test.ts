import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { getClaudeCodeTool } from '../agents/claude-code/tools/registry.js';
import { unknownKeys } from '../schemas/common/unknown-keys.js';
import { fromOpenAIToolCall } from './from-openai-tool-call.js';
import { acceptsNull, isJsonObject, type JsonSchema, typeList } from './json-schema.js';
import { toOpenAITool } from './to-openai-tool.js';
import { ToolNameMap } from './tool-name-map.js';

const corpusDir = sharedCorpusDir;

interface ToolUse {
  file: string;
  line: number;
  name: string;
  input: unknown;
}

function corpusToolUses(): ToolUse[] {
  const uses: ToolUse[] = [];
  const files = readdirSync(corpusDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    readFileSync(path.join(corpusDir, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        let record: unknown;
        try {
          record = JSON.parse(text);
        } catch {
          return;
        }
        if (!isJsonObject(record) || record.type !== 'assistant' || !isJsonObject(record.message)) return;
        const content = record.message.content;
        if (!Array.isArray(content)) return;
        for (const block of content) {
          if (isJsonObject(block) && block.type === 'tool_use' && typeof block.name === 'string')
            uses.push({ file, line: index + 1, name: block.name, input: block.input });
        }
      });
  }
  return uses;
}

/** Whether a value can be an instance of a strict object branch: declared keys only, non-nullable ones present. */
function fitsObject(value: Record<string, unknown>, branch: JsonSchema): boolean {
  const properties = branch.properties ?? {};
  return (
    Object.keys(value).every((key) => key in properties) &&
    Object.entries(properties).every(([key, property]) => key in value || acceptsNull(property))
  );
}

/** What a model answering under the strict schema sends: every absent optional property as `null`. */
function fillNulls(value: unknown, schema: JsonSchema): unknown {
  const branches = schema.anyOf?.filter((branch) => branch.type !== 'null');
  if (branches !== undefined) {
    const fitting = branches.find((branch) => {
      const types = typeList(branch);
      if (Array.isArray(value)) return types.includes('array');
      if (isJsonObject(value)) return types.includes('object') && fitsObject(value, branch);
      return true;
    });
    return fitting === undefined ? value : fillNulls(value, fitting);
  }
  if (Array.isArray(value) && isJsonObject(schema.items))
    return value.map((item) => fillNulls(item, schema.items as JsonSchema));
  if (!isJsonObject(value) || schema.properties === undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties))
    out[key] = key in value ? fillNulls(value[key], property) : null;
  return out;
}

describe('round trip of corpus tool inputs through OpenAI function calls', () => {
  it('gives back every valid Claude Code input unchanged, strict tools with nulls filled in', () => {
    const names = new ToolNameMap();
    const counts = { uses: 0, notBuiltin: 0, invalidToBegin: 0, undeclaredKeys: 0, strict: 0, nonStrict: 0 };
    const strictTools = new Set<string>();
    for (const use of corpusToolUses()) {
      counts.uses += 1;
      const spec = getClaudeCodeTool(use.name);
      if (spec === undefined) {
        counts.notBuiltin += 1;
        continue;
      }
      if (!spec.input.safeParse(use.input).success) {
        counts.invalidToBegin += 1;
        continue;
      }
      const conversion = toOpenAITool(spec, { api: 'responses', strict: true, names });
      const where = `${use.file}:${use.line} ${use.name}`;
      let args: string;
      if (conversion.strict) {
        // A model under a strict schema cannot send keys the schema does not declare, nor legacy ones
        // (a tool definition offers current fields only: Grep's `include` of 1.0.30 is not in it).
        const offered = Object.keys(conversion.tool.parameters.properties ?? {});
        const legacy =
          isJsonObject(use.input) && Object.keys(use.input).some((key) => !offered.includes(key));
        if (unknownKeys(spec.input, use.input).length > 0 || legacy) {
          counts.undeclaredKeys += 1;
          continue;
        }
        args = JSON.stringify(fillNulls(use.input, conversion.tool.parameters));
        counts.strict += 1;
        strictTools.add(spec.name);
      } else {
        args = JSON.stringify(use.input);
        counts.nonStrict += 1;
      }
      const back = fromOpenAIToolCall({ name: conversion.openaiName, arguments: args }, names);
      expect(back, where).toEqual({ ok: true, name: spec.name, input: use.input });
      expect(spec.input.safeParse(back.ok ? back.input : undefined).success, where).toBe(true);
    }
    console.info(
      `Corpus round trip: ${JSON.stringify(counts)}; strict tools: ${[...strictTools].sort().join(', ')}`,
    );
    expect(counts.strict).toBeGreaterThan(500);
    expect(strictTools.size).toBeGreaterThan(10);
    // Inputs that fail the registry schema (handwritten fixtures, and inputs Claude Code itself rejected).
    expect(counts.invalidToBegin).toBeLessThan(10);
  });
});
