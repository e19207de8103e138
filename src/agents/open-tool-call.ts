import type { ToolCall } from '../model/tool-call.js';

/** What a tool name resolved to in an agent's registry (each agent's lookup gives at least this). */
export type ResolvedTool =
  | { kind: 'builtin' | 'unknown'; canonical: string }
  | { kind: 'mcp'; canonical: string; server: string; tool: string };

/**
 * A tool call as its request makes it: the registry's canonical name and kind (an MCP tool with its server
 * and tool), and `missing` until a result closes it. Shared by the adapters that pair calls with results
 * after the fact (Copilot CLI, Qwen Code, Pi, Cursor).
 */
export function openToolCall(
  tool: ResolvedTool,
  fields: Omit<ToolCall, 'canonicalName' | 'kind' | 'status' | 'mcpServer' | 'mcpTool'>,
): ToolCall {
  const { id, name, input, ...rest } = fields;
  // The keys in the order the JSON outputs have always shown them.
  return {
    id,
    name,
    canonicalName: tool.canonical,
    kind: tool.kind,
    input,
    status: 'missing',
    ...rest,
    ...(tool.kind === 'mcp' ? { mcpServer: tool.server, mcpTool: tool.tool } : {}),
  };
}
