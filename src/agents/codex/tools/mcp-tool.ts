import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { parsedShellOutputSchema } from './tool-result.js';

/**
 * The spec every MCP tool resolves to: its arguments are an object of any shape (the server declares the
 * schema), its output is text (`Wall time: X seconds\nOutput:\n` + content items as JSON in newer builds,
 * a `CallToolResult` JSON or plain text in older ones).
 */
export const mcpToolSpec = defineTool({
  name: 'mcp',
  kind: 'mcp',
  description:
    'A tool of an MCP server (`mcp__<server>__<tool>`, `<tool>` in namespace `mcp__<server>__`, or `<server>__<tool>` in older rollouts).',
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
 * `mcp__server__` (or `mcp__server`); the older name `server__tool` (rollouts before the `mcp__` prefix:
 * `memory__create_entities`, `context7__get-library-docs`), split at the first `__` as Codex joined it. No
 * built-in Codex tool has `__` in its name. Inside a namespace that is not an MCP one (dynamic tools), a
 * `server__tool` name counts only when `server` is that namespace or one of `knownServers`. Returns
 * `undefined` when the name is not an MCP tool's.
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
  if (tool === '' || server === 'mcp') return undefined;
  if (!namespace) return { server, tool };
  const servers = new Set(knownServers ?? []);
  servers.add(namespace);
  return servers.has(server) ? { server, tool } : undefined;
}

function splitQualified(name: string): McpToolName | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  return match?.[1] !== undefined && match[2] !== undefined
    ? { server: match[1], tool: match[2] }
    : undefined;
}
