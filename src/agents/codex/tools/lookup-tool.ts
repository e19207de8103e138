import type { ToolSpec } from '../../../schemas/common/define-tool.js';
import { mcpToolSpec, splitMcpToolName } from './mcp-tool.js';
import { type CodexToolName, type CodexToolSpec, getCodexTool } from './registry.js';

/** What a tool name in a Codex call refers to. */
export type CodexToolLookup =
  | { kind: 'builtin'; name: CodexToolName; canonical: string; spec: CodexToolSpec }
  | { kind: 'mcp'; name: string; canonical: string; server: string; tool: string; spec: ToolSpec }
  | { kind: 'unknown'; name: string; canonical: string };

/** Options of `lookupCodexTool`. */
export interface LookupCodexToolOptions {
  /** MCP servers known from the session (e.g. `mcp_tool_call_end.invocation.server`): resolves `server__tool`. */
  mcpServers?: Iterable<string>;
}

/**
 * Resolves the tool a call names. Built-ins win, with or without a namespace (multi-agent v1 puts collab
 * tools in namespace `multi_agent_v1`); then MCP: `mcp__server__tool`, `tool` in namespace
 * `mcp__server__`, or the older `server__tool` (outside a non-MCP namespace, or when the server is that
 * namespace or a known server).
 * Anything else (dynamic tools, typos) is `unknown`.
 */
export function lookupCodexTool(
  name: string,
  namespace?: string | null,
  options: LookupCodexToolOptions = {},
): CodexToolLookup {
  const mcpNamespace = typeof namespace === 'string' && namespace.startsWith('mcp__');
  const builtin = mcpNamespace ? undefined : getCodexTool(name);
  if (builtin !== undefined) {
    return { kind: 'builtin', name: name as CodexToolName, canonical: builtin.canonical, spec: builtin };
  }
  const mcp = splitMcpToolName(name, namespace, options.mcpServers);
  if (mcp !== undefined) return { kind: 'mcp', name, canonical: name, ...mcp, spec: mcpToolSpec };
  return { kind: 'unknown', name, canonical: name };
}
