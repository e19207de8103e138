import { zodFunction } from 'openai/helpers/zod';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import { codexTools } from '../agents/codex/tools/registry.js';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import { acceptsNull, isJsonObject, type JsonSchema } from './json-schema.js';
import { toJsonSchema } from './to-json-schema.js';
import { toOpenAIStrictSchema } from './to-openai-strict-schema.js';

/*
 * An independent oracle: the `openai` package's own strict-schema code (6.49: `toStrictJsonSchema` in
 * lib/transform, used by `zodFunction`). Two comparisons:
 *  1. Our strict output fed to `toStrictJsonSchema` must be accepted as it is (same required sets and
 *     nullability), since it is already strict.
 *  2. The registry's zod schema rewritten the way OpenAI's docs ask (`.optional()` -> `.nullable()`,
 *     closed objects) and converted by `zodFunction`, against our conversion of the same tool.
 * `toStrictJsonSchema` does not make optional fields nullable itself (it throws on them), which is why
 * the rewrite in 2 is needed; it also accepts `{}` (any value), which we reject; those tools are counted.
 */

type AnyZod = z.core.$ZodType;

/** The tool's input the way OpenAI's structured-output docs want zod schemas: every optional field nullable. */
function openAIStyle(schema: AnyZod): z.ZodType {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const [key, field] of Object.entries((def as z.core.$ZodObjectDef).shape)) {
        shape[key] = field._zod.def.type === 'optional' ? openAIStyle(field).nullable() : openAIStyle(field);
      }
      return z.strictObject(shape);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.type === 'nullable'
        ? openAIStyle((def as z.core.$ZodNullableDef).innerType).nullable()
        : openAIStyle((def as z.core.$ZodOptionalDef).innerType);
    case 'array': {
      const array = def as z.core.$ZodArrayDef;
      return z.array(openAIStyle(array.element));
    }
    case 'union': {
      const options = (def as z.core.$ZodUnionDef).options.map(openAIStyle);
      return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    }
    case 'lazy':
      return openAIStyle((def as z.core.$ZodLazyDef).getter());
    case 'pipe':
      return openAIStyle((def as z.core.$ZodPipeDef).in);
    default:
      return schema as z.ZodType;
  }
}

/** Per object path: its required keys and which of its properties accept null. */
function shapeSummary(
  schema: JsonSchema,
  path = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  const visit = (child: unknown, at: string) => {
    if (isJsonObject(child)) shapeSummary(child as JsonSchema, at, out);
  };
  if (isJsonObject(schema.properties)) {
    const properties = schema.properties;
    out[path === '' ? '(root)' : path] = {
      required: [...(schema.required ?? [])].sort(),
      nullable: Object.keys(properties)
        .filter((key) => properties[key]?.nullable === true || acceptsNull(properties[key]))
        .sort(),
    };
    for (const [key, child] of Object.entries(properties)) visit(child, `${path}.${key}`);
  }
  if (isJsonObject(schema.items)) visit(schema.items, `${path}[]`);
  // Union branches are compared by position: both sides keep zod's option order.
  (schema.anyOf ?? []).forEach((branch, index) => {
    if (branch.type !== 'null') visit(branch, `${path}|${index}`);
  });
  return out;
}

/** Collapses `anyOf: [S, {type: null}]` wrappers so both sides' nullable forms compare alike. */
function unwrapNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(unwrapNullable);
  if (!isJsonObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = unwrapNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const real = anyOf.filter((branch) => !(isJsonObject(branch) && branch.type === 'null'));
    if (real.length === 1 && isJsonObject(real[0])) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...real[0], nullable: true };
    }
  }
  return out;
}

function normalized(schema: JsonSchema): Record<string, unknown> {
  return shapeSummary(unwrapNullable(schema) as JsonSchema);
}

const allTools: [string, ToolSpec][] = [
  ...Object.entries(claudeCodeTools).map(([name, spec]): [string, ToolSpec] => [`claude-code:${name}`, spec]),
  ...Object.entries(codexTools).map(([name, spec]): [string, ToolSpec] => [`codex:${name}`, spec]),
];

describe('the openai package as an oracle for strict schemas', () => {
  it('accepts every strict schema we make as it is: same required sets and nullability', () => {
    let compared = 0;
    for (const [label, spec] of allTools) {
      const ours = toOpenAIStrictSchema(toJsonSchema(spec));
      if (!ours.ok) continue;
      const theirs = toStrictJsonSchema(
        structuredClone(ours.schema) as Parameters<typeof toStrictJsonSchema>[0],
      );
      expect(normalized(theirs as JsonSchema), label).toEqual(normalized(ours.schema));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(70);
  });

  it('agrees with zodFunction on required properties and nullability wherever both succeed', () => {
    const both: string[] = [];
    const onlyOurs: string[] = [];
    const onlyTheirs: string[] = [];
    for (const [label, spec] of allTools) {
      const ours = toOpenAIStrictSchema(toJsonSchema(spec));
      let theirs: JsonSchema | undefined;
      try {
        theirs = zodFunction({ name: 'tool', parameters: openAIStyle(spec.input) }).function
          .parameters as JsonSchema;
      } catch {
        theirs = undefined;
      }
      if (ours.ok && theirs !== undefined) {
        expect(normalized(ours.schema), label).toEqual(normalized(theirs));
        both.push(label);
      } else if (ours.ok) onlyOurs.push(label);
      else if (theirs !== undefined) onlyTheirs.push(`${label}: ${ours.reason}`);
    }
    expect(both.length).toBeGreaterThan(60);
    // Where the oracle is stricter than we are: nowhere.
    expect(onlyOurs).toEqual([]);
    // Where we refuse and the oracle accepts: values of any type (`z.unknown()` is `{}`, which the
    // oracle lets through although the API requires a type), and open objects the rewrite above closed
    // (`z.looseObject({})` becomes `z.strictObject({})`, i.e. "no keys at all", which changes the meaning).
    for (const entry of onlyTheirs) expect(entry).toMatch(/accepts any JSON value|is an open object/);
    expect(onlyTheirs.length).toBeGreaterThan(0);
  });
});
