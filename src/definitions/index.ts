export type { VersionBound, VersionTuple } from './agent-version.js';
export { compareVersions, formatVersion, parseVersion, parseVersionBound } from './agent-version.js';
export {
  claudeCodeToolRegistry,
  getClaudeCodeToolDefinition,
  isClaudeCodeTool,
} from './claude-code-tool-definition.js';
export { closestNames, editDistance } from './closest-names.js';
export type {
  ToolDefinitionLookup,
  ToolDefinitionOptions,
  ToolRegistry,
} from './find-tool-definition.js';
export { findToolDefinition } from './find-tool-definition.js';
export type { OpenAIToolCall, ToolCallConversion, ToolCallError } from './from-openai-tool-call.js';
export { fromOpenAIToolCall, parseToolArguments } from './from-openai-tool-call.js';
export type { InputFieldChange } from './input-field-history.js';
export { inputFieldHistory } from './input-field-history.js';
export type { JsonSchema } from './json-schema.js';
export { jsonSchemaToTypeScript, typeScriptTypeName } from './json-schema-to-typescript.js';
export { makeNullable } from './make-nullable.js';
export { mergeObjectUnion } from './merge-object-union.js';
export { removeIntroducedNulls } from './remove-introduced-nulls.js';
export {
  isValidOpenAIToolName,
  openAIToolNameMaxLength,
  sanitizeToolName,
} from './sanitize-tool-name.js';
export { strictSchemaViolations } from './strict-schema-violations.js';
export type { AnthropicToolDefinition } from './to-anthropic-tool.js';
export { anthropicInputSchema, toAnthropicTool } from './to-anthropic-tool.js';
export type { ToJsonSchemaOptions, ToolSchemaPart } from './to-json-schema.js';
export { toJsonSchema, zodToJsonSchema } from './to-json-schema.js';
export type { OpenAIParameters } from './to-openai-parameters.js';
export { toOpenAIParameters } from './to-openai-parameters.js';
export type { StrictSchemaResult } from './to-openai-strict-schema.js';
export { toOpenAIStrictSchema } from './to-openai-strict-schema.js';
export type {
  OpenAIApi,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIToolConversion,
  ToOpenAIToolOptions,
} from './to-openai-tool.js';
export { toOpenAITool } from './to-openai-tool.js';
export type { ToolLifespan, ToolPresence } from './tool-lifespan.js';
export { formatLifespan, toolLifespan, toolPresenceAt } from './tool-lifespan.js';
export type { ToolNameDetails, ToolNameEntry } from './tool-name-map.js';
export { ToolNameMap } from './tool-name-map.js';
export type { ToolSpecAtVersion } from './tool-spec-at-version.js';
export { toolSpecAtVersion } from './tool-spec-at-version.js';
export type {
  InputChangesAt,
  ToolVersionMatrixOptions,
  ToolVersionRow,
} from './tool-version-matrix.js';
export { toolVersionMatrix } from './tool-version-matrix.js';
