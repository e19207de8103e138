export type { McpToolName } from './mcp-tool-name.js';
export { parseMcpToolName } from './mcp-tool-name.js';
export { mcpToolSpec } from './mcp-tools.js';
export type { ClaudeCodeToolName, ToolInput, ToolLookup, ToolResult } from './registry.js';
export {
  canonicalClaudeCodeToolName,
  claudeCodeTools,
  getClaudeCodeTool,
  isClaudeCodeTool,
  lookupClaudeCodeTool,
} from './registry.js';
export type { GitDiff, Hunk, SubagentUsage, TodoItem } from './shared-shapes.js';
export type { ToolIssue } from './validate-tool-call.js';
export { validateToolInput, validateToolResult } from './validate-tool-call.js';
