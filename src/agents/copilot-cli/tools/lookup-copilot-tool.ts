import type { ToolSpec } from '../../../schemas/common/define-tool.js';
import type { AgentTools } from '../../agent-adapter.js';
import {
  type CopilotToolName,
  copilotMcpToolSpec,
  copilotTools,
  isCopilotToolName,
} from './copilot-tools.js';

/** What a tool name in a Copilot CLI call refers to. */
export type CopilotToolLookup =
  | { kind: 'builtin'; name: CopilotToolName; canonical: string; spec: ToolSpec }
  | { kind: 'mcp'; name: string; canonical: string; server: string; tool: string; spec: ToolSpec }
  | { kind: 'unknown'; name: string; canonical: string };

/** The MCP server Copilot CLI ships with; its tools are `github-mcp-server-<tool>`. */
export const builtinMcpServer = 'github-mcp-server';

/**
 * Resolves the tool a call names. Built-ins first; then MCP: `<server>/<tool>`, or `<server>-<tool>` where
 * `<server>` is the built-in GitHub server or one of `knownServers` (from `subagent.selected` tool lists),
 * the longest that matches; else, for a name with a hyphen (built-in tool names have none), the part before
 * the last hyphen is taken as the server. Anything else is `unknown`.
 */
export function lookupCopilotTool(name: string, knownServers: Iterable<string> = []): CopilotToolLookup {
  if (isCopilotToolName(name)) {
    const spec = copilotTools[name];
    return { kind: 'builtin', name, canonical: spec.canonical, spec };
  }
  const mcp = splitCopilotMcpName(name, knownServers);
  if (mcp !== undefined) return { kind: 'mcp', name, canonical: name, ...mcp, spec: copilotMcpToolSpec };
  return { kind: 'unknown', name, canonical: name };
}

/** Splits an MCP tool name into server and tool, or `undefined` when it is not one. */
export function splitCopilotMcpName(
  name: string,
  knownServers: Iterable<string> = [],
): { server: string; tool: string } | undefined {
  const slash = name.indexOf('/');
  if (slash > 0 && slash < name.length - 1)
    return { server: name.slice(0, slash), tool: name.slice(slash + 1) };
  const servers = [builtinMcpServer, ...knownServers].sort((a, b) => b.length - a.length);
  for (const server of servers)
    if (name.startsWith(`${server}-`) && name.length > server.length + 1)
      return { server, tool: name.slice(server.length + 1) };
  const hyphen = name.lastIndexOf('-');
  if (hyphen <= 0 || hyphen === name.length - 1) return undefined;
  return { server: name.slice(0, hyphen), tool: name.slice(hyphen + 1) };
}

/** Role `tools/`: the registry and its lookup as the adapter contract has them. */
export const copilotCliTools: AgentTools = {
  tools: copilotTools,
  lookup(name) {
    const lookup = lookupCopilotTool(name);
    if (lookup.kind === 'builtin') return { kind: 'builtin', spec: lookup.spec };
    if (lookup.kind === 'mcp') return { kind: 'mcp', server: lookup.server, tool: lookup.tool };
    return { kind: 'unknown' };
  },
};
