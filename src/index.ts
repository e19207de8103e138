/**
 * agentlog: typed, paired, queryable data from AI coding agents' session logs.
 * The library entry: explicit named exports only.
 */

export type { AgentAdapter } from './agents/agent-adapter.js';
export type { DecodedRecord, DecodeMode, RecordIssue } from './agents/claude-code/decode-record.js';
export { decodeClaudeCodeRecord } from './agents/claude-code/decode-record.js';
export type {
  ClaudeCodeToolName,
  McpToolName,
  ToolInput,
  ToolIssue,
  ToolLookup,
  ToolResult,
} from './agents/claude-code/tools/index.js';
export {
  canonicalClaudeCodeToolName,
  claudeCodeTools,
  getClaudeCodeTool,
  isClaudeCodeTool,
  lookupClaudeCodeTool,
  parseMcpToolName,
  validateToolInput,
  validateToolResult,
} from './agents/claude-code/tools/index.js';
/** Every registered agent's default places (Claude Code, Codex and the adapters' roots). */
export { discoverAgents as discoverDefault } from './agents/discover-agents.js';
export { adapterFor, adapters } from './agents/registry.js';
export type { ValidateOptions } from './agents/validate-files.js';
export { validateFiles } from './agents/validate-files.js';
export type {
  AnthropicToolDefinition,
  JsonSchema,
  OpenAIApi,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIToolCall,
  OpenAIToolConversion,
  ToJsonSchemaOptions,
  ToOpenAIToolOptions,
  ToolCallConversion,
  ToolCallError,
  ToolVersionMatrixOptions,
  ToolVersionRow,
} from './definitions/index.js';
export {
  fromOpenAIToolCall,
  getClaudeCodeToolDefinition,
  jsonSchemaToTypeScript,
  sanitizeToolName,
  ToolNameMap,
  toAnthropicTool,
  toJsonSchema,
  toOpenAITool,
  toolVersionMatrix,
} from './definitions/index.js';
export type {
  ColumnType,
  ExportColumn,
  ExportDataset,
  ExportDatasetName,
  ExportFormat,
  ExportOptions,
  ExportResult,
  ExportTarget,
  TranscriptDetail,
} from './exporters/index.js';
export {
  exportDatasetNames,
  exportDatasets,
  exportFormats,
  exportSessions,
  transcriptDetails,
  transcriptMarkdown,
} from './exporters/index.js';
export type { ClaudeCodeToolCall } from './lifecycle/is-tool-call.js';
export { isToolCall } from './lifecycle/is-tool-call.js';
export type { ListOptions, LoadOptions, SessionFilter } from './lifecycle/load-sessions.js';
export {
  allToolCalls,
  listSessions,
  loadSessions,
  matchesFilter,
  readSession,
  toolCalls,
} from './lifecycle/load-sessions.js';
export type { StreamOptions } from './lifecycle/stream-sessions.js';
export { streamSessions } from './lifecycle/stream-sessions.js';
export type * from './model/index.js';
export { addUsage, emptyUsage, toolCallStatuses, totalTokens } from './model/index.js';
export type {
  JsonlReader,
  JsonlSource,
  LineError,
  LineErrorType,
  LineResult,
  Location,
  ReadErrorCode,
  ReadJsonlOptions,
  ReadStats,
} from './reader/index.js';
export { ReadError, readJsonl } from './reader/index.js';
export type {
  FileValidation,
  GroupedIssue,
  LineErrorEntry,
  UnknownField,
  ValidationReport,
} from './reader/validation-report.js';
export type { RedactionOptions, Redactor } from './redaction/index.js';
export { createRedactor, RedactionConfigError } from './redaction/index.js';
export type { Agent } from './schemas/common/agent.js';
export { type AgentInfo, agentInfo, agents, isAgent } from './schemas/common/agent.js';
export type { ToolSpec, ToolStatus } from './schemas/common/define-tool.js';
export type {
  DiscoverDefaultOptions,
  DiscoverPathsOptions,
  Discovery,
  DiscoveryWarning,
  PathError,
  SessionFileRef,
  SkippedFile,
  SourceAgent,
} from './sources/index.js';
export { claudeCodeRoots, codexRoots, discoverPaths } from './sources/index.js';
