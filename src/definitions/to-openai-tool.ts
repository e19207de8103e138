import type { z } from 'zod';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import type { JsonSchema } from './json-schema.js';
import { type AnthropicToolDefinition, toAnthropicTool } from './to-anthropic-tool.js';
import { toJsonSchema } from './to-json-schema.js';
import { toOpenAIParameters } from './to-openai-parameters.js';
import { toOpenAIStrictSchema } from './to-openai-strict-schema.js';
import { ToolNameMap } from './tool-name-map.js';

/** A Chat Completions tool: `tools[]` of `/v1/chat/completions`. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters: JsonSchema; strict: boolean };
}

/** A Responses API function tool: `tools[]` of `/v1/responses` (flat; `strict` always sent). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: JsonSchema;
  strict: boolean;
  defer_loading?: boolean;
}

/** Which OpenAI API the tool is for. */
export type OpenAIApi = 'chat' | 'responses';

/** Options of `toOpenAITool`. */
export interface ToOpenAIToolOptions<A extends OpenAIApi = OpenAIApi> {
  /** `chat` (nested under `function`) or `responses` (flat). */
  api: A;
  /** Ask for `strict: true`; granted only when the schema can be strict without losing meaning. */
  strict: boolean;
  /** The name map shared by all tools of a request (collisions are resolved across it). A new one by default. */
  names?: ToolNameMap;
  /** Validates arguments mapped back by `fromOpenAIToolCall` (default: a registry tool's input schema). */
  validator?: z.ZodType;
}

/** A converted tool and what happened on the way. */
export interface OpenAIToolConversion<A extends OpenAIApi = OpenAIApi> {
  tool: A extends 'chat' ? OpenAIChatTool : OpenAIResponsesTool;
  /** The tool's own name. */
  name: string;
  /** The name sent to OpenAI (sanitized, shortened). */
  openaiName: string;
  /** Whether the definition is strict. */
  strict: boolean;
  /** Why a strict definition was asked for and not given. */
  reason?: string;
  /** Changes made to the schema, one line each. */
  notes: string[];
  /** The map holding `openaiName` (the one passed in `names`, or a new one). */
  names: ToolNameMap;
}

function isToolSpec(def: ToolSpec | AnthropicToolDefinition): def is ToolSpec {
  return 'input' in def && typeof def.input === 'object' && def.input !== null && '_zod' in def.input;
}

/**
 * An OpenAI function tool (spec 5.1-5.5) from a registry tool or an Anthropic tool definition. The name is
 * sanitized and shortened through `names` (kept for mapping calls back); the description is copied. With
 * `strict: true` the parameters go through `toOpenAIStrictSchema`; when that is not possible the tool is
 * sent non-strict with `strict: false` and `reason` says why. `strict` is always present in the output.
 * The Anthropic `strict` flag is not copied (its rules differ); `cache_control` and `input_examples` are
 * dropped; `defer_loading` is kept for the Responses API. Anthropic-defined tools without `input_schema`
 * (`bash_2025…`, `web_search_2025…`) have no 1:1 function form: they throw a `TypeError`.
 */
export function toOpenAITool<A extends OpenAIApi>(
  def: ToolSpec | AnthropicToolDefinition,
  options: ToOpenAIToolOptions<A>,
): OpenAIToolConversion<A> {
  const names = options.names ?? new ToolNameMap();
  if (!isToolSpec(def) && (typeof def.input_schema !== 'object' || def.input_schema === null))
    throw new TypeError(
      `Tool "${def.name}"${def.type === undefined ? '' : ` (type "${def.type}")`} has no input_schema: Anthropic-defined tools have no function form.`,
    );
  const anthropic = isToolSpec(def) ? toAnthropicTool(def) : def;
  // The exact schema (a root union stays a union) decides strictness and guides the reverse transform.
  const exact: JsonSchema = isToolSpec(def) ? toJsonSchema(def, { fields: 'current' }) : def.input_schema;
  const validator = options.validator ?? (isToolSpec(def) ? def.input : undefined);

  let parameters: JsonSchema;
  let strict = false;
  let reason: string | undefined;
  const notes: string[] = [];
  const strictResult = options.strict ? toOpenAIStrictSchema(exact) : undefined;
  if (strictResult?.ok) {
    parameters = strictResult.schema;
    strict = true;
    notes.push(...strictResult.notes);
  } else {
    if (strictResult !== undefined && !strictResult.ok) reason = strictResult.reason;
    const loose = toOpenAIParameters(exact);
    parameters = loose.schema;
    notes.push(...loose.notes);
  }

  const openaiName = names.add(anthropic.name, {
    inputSchema: exact,
    strict,
    ...(validator === undefined ? {} : { validator }),
  });
  const description = anthropic.description === undefined ? {} : { description: anthropic.description };
  const tool =
    options.api === 'chat'
      ? ({
          type: 'function',
          function: { name: openaiName, ...description, parameters, strict },
        } as OpenAIChatTool)
      : ({
          type: 'function',
          name: openaiName,
          ...description,
          parameters,
          strict,
          ...(anthropic.defer_loading === undefined ? {} : { defer_loading: anthropic.defer_loading }),
        } as OpenAIResponsesTool);
  return {
    tool: tool as OpenAIToolConversion<A>['tool'],
    name: anthropic.name,
    openaiName,
    strict,
    ...(reason === undefined ? {} : { reason }),
    notes,
    names,
  };
}
