import { z } from 'zod';
import { defineTool } from '../../common/define-tool.js';
import { parsedShellOutputSchema } from './tool-result.js';

/**
 * The spec every MCP tool resolves to: its arguments are an object of any shape (the server declares the
 * schema), its output is text (`Wall time: X seconds\nOutput:\n` + content items as JSON in newer builds,
 * a `CallToolResult` JSON or plain text in older ones).
 */
export const mcpToolSpec = defineTool({
  name: 'mcp',
  description:
    'A tool of an MCP server (`mcp__<server>__<tool>`, or `<tool>` in namespace `mcp__<server>__`).',
  input: z.record(z.string(), z.unknown()),
  result: parsedShellOutputSchema,
});

/** A tool name split into its MCP server and tool. */
export interface McpToolName {
  server: string;
  tool: string;
}

/**
 * Splits an MCP tool name. Accepted forms: name `mcp__server__tool`; name `tool` with namespace
 * `mcp__server__` (or `mcp__server`); the older name `server__tool` when `server` is known, from the
 * call's namespace or from `knownServers`. Returns `undefined` when the name is not an MCP tool's.
 */
export function splitMcpToolName(
  name: string,
  namespace?: string | null,
  knownServers?: Iterable<string>,
): McpToolName | undefined {
  const fromNamespace = namespace ? /^mcp__(.+?)(?:__)?$/.exec(namespace)?.[1] : undefined;
  if (fromNamespace !== undefined) {
    const prefixed = splitQualified(name);
    return prefixed ?? { server: fromNamespace, tool: name };
  }
  const qualified = splitQualified(name);
  if (qualified !== undefined) return qualified;
  const separator = name.indexOf('__');
  if (separator <= 0) return undefined;
  const server = name.slice(0, separator);
  const tool = name.slice(separator + 2);
  if (tool === '') return undefined;
  const servers = new Set(knownServers ?? []);
  if (namespace) servers.add(namespace);
  return servers.has(server) ? { server, tool } : undefined;
}

function splitQualified(name: string): McpToolName | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  return match?.[1] !== undefined && match[2] !== undefined
    ? { server: match[1], tool: match[2] }
    : undefined;
}
