import type { ToolSpec } from '../schemas/common/define-tool.js';
import { cloneJson, isObjectSchema, type JsonSchema } from './json-schema.js';
import { mergeObjectUnion } from './merge-object-union.js';
import { toJsonSchema } from './to-json-schema.js';

/** An Anthropic Messages API custom tool: what `tools[]` takes (spec 5.1). */
export interface AnthropicToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments; its root is an object. */
  input_schema: JsonSchema;
  /** `custom` for custom tools; Anthropic-defined tools (`bash_2025…`) carry no `input_schema`. */
  type?: string;
  /** Anthropic strict tool use (optional properties allowed, unlike OpenAI's). */
  strict?: boolean;
  /** Load the definition only when searched for (tool search). */
  defer_loading?: boolean;
  cache_control?: unknown;
  input_examples?: unknown[];
}

/**
 * The Anthropic tool definition of a registry tool: its name, description and input schema (from
 * `toJsonSchema`, without `$schema`). The API refuses `anyOf`/`oneOf` at the root of `input_schema`, so a
 * tool whose input is a union of argument shapes (Skill, AskUserQuestion, SendMessage) gets one object
 * holding every shape's properties, with only the properties all shapes require left required.
 */
export function toAnthropicTool(spec: ToolSpec): AnthropicToolDefinition {
  return {
    name: spec.name,
    description: spec.description,
    input_schema: anthropicInputSchema(toJsonSchema(spec, { fields: 'current' })),
  };
}

/** An input schema made acceptable as `input_schema`: no `$schema`, an object root, `properties` present. */
export function anthropicInputSchema(schema: JsonSchema): JsonSchema {
  let out = cloneJson(schema);
  delete out.$schema;
  if (out.anyOf !== undefined || out.oneOf !== undefined) out = mergeObjectUnion(out) ?? out;
  if (!isObjectSchema(out) || out.anyOf !== undefined || out.oneOf !== undefined)
    out = {
      type: 'object',
      properties: {},
      additionalProperties: true,
      description: 'Arguments of any shape.',
    };
  out.type = 'object';
  out.properties ??= {};
  return out;
}
