import type { ClaudeCodeToolName, ToolInput, ToolResult } from '../agents/claude-code/tools/index.js';
import type { ToolCall } from '../model/tool-call.js';

/** A tool call narrowed to one Claude Code tool: typed input and structured result. */
export type ClaudeCodeToolCall<N extends ClaudeCodeToolName> = ToolCall<ToolInput<N>, ToolResult<N> | string>;

/**
 * Narrows a call to a Claude Code tool by name, including the tool's older names (`isToolCall(c, 'Agent')`
 * is also true for `Task` calls). The input type is the registry's schema type; the input itself was
 * written by the agent, so fields may still be missing in malformed logs (`agentlog validate` reports them).
 */
export function isToolCall<N extends ClaudeCodeToolName>(
  call: ToolCall,
  name: N,
): call is ClaudeCodeToolCall<N> {
  return call.name === name || call.canonicalName === name;
}
