import { z } from 'zod';
import { emptyInputSchema } from '../agents/claude-code/tools/shared-shapes.js';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import { legacyKeyword } from '../schemas/common/legacy-field.js';
import type { JsonSchema } from './json-schema.js';

/** Which schema of a tool to convert. */
export type ToolSchemaPart = 'input' | 'result';

/** Options of `toJsonSchema`. */
export interface ToJsonSchemaOptions {
  /** `input` (the arguments, default) or `result` (the structured result). */
  part?: ToolSchemaPart;
  /**
   * `all` (default): every field the registry accepts, legacy ones included (to validate logs of any version);
   * `current`: without fields marked legacy or internal (what a tool definition for a model API offers).
   */
  fields?: 'all' | 'current';
}

/**
 * The JSON Schema (draft 2020-12, with the registry's descriptions) of a tool's input or result, made by
 * zod's own `z.toJSONSchema` (`io: "input"`: what a caller sends; types zod cannot express become `{}`).
 *
 * Loose objects: the registry decodes every wire object with `z.looseObject` so that unknown keys survive
 * in logs; that tolerance is not part of a tool's contract. A loose object that declares properties is
 * written without `additionalProperties` (JSON Schema's default already lets extra keys through, and
 * converters may close it). A loose object that declares none is open on purpose (undocumented or free-form
 * arguments) and is written `additionalProperties: true`, except the registry's "no arguments" schema,
 * which is written as an object with no properties. Records keep `additionalProperties: <value schema>`.
 */
export function toJsonSchema(spec: ToolSpec, options: ToJsonSchemaOptions = {}): JsonSchema {
  const schema = options.part === 'result' ? spec.result : spec.input;
  const json = zodToJsonSchema(schema);
  return options.fields === 'current' ? dropLegacyFields(json) : json;
}

/** Removes properties marked legacy (and their `required` entries), recursively; drops the marker elsewhere. */
function dropLegacyFields(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node as JsonSchema)) {
      if (key === legacyKeyword) continue;
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        const kept = Object.entries(value as Record<string, JsonSchema>).filter(
          ([, v]) => v?.[legacyKeyword] !== true,
        );
        out.properties = Object.fromEntries(kept.map(([k, v]) => [k, visit(v) as JsonSchema]));
        continue;
      }
      out[key] = visit(value);
    }
    if (Array.isArray(out.required) && typeof out.properties === 'object' && out.properties !== null) {
      const names = new Set(Object.keys(out.properties as object));
      out.required = (out.required as string[]).filter((name) => names.has(name));
    }
    return out;
  };
  return visit(schema) as JsonSchema;
}

/** The JSON Schema of any zod schema, with the loose-object rules of `toJsonSchema`. */
export function zodToJsonSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      const out = jsonSchema as JsonSchema;
      if (def.type === 'record') {
        // JSON object keys are strings: `propertyNames: {type: "string"}` says nothing.
        const names = out.propertyNames as JsonSchema | undefined;
        if (names !== undefined && Object.keys(names).length === 1 && names.type === 'string')
          delete out.propertyNames;
        return;
      }
      if (def.type !== 'object') return;
      const catchall = (def as z.core.$ZodObjectDef).catchall;
      if (catchall === undefined || catchall._zod.def.type !== 'unknown') return;
      const declared = Object.keys((def as z.core.$ZodObjectDef).shape).length;
      if (declared > 0 || zodSchema === emptyInputSchema) delete out.additionalProperties;
      else out.additionalProperties = true;
    },
  }) as JsonSchema;
}
