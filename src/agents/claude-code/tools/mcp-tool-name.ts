/** The parts of an MCP tool name `mcp__<server>__<tool>`. */
export interface McpToolName {
  server: string;
  tool: string;
}

/**
 * Splits `mcp__<server>__<tool>` into server and tool. The tool part may itself contain `__`;
 * plugin servers keep their prefix (`mcp__plugin_<plugin>_<server>__<tool>` gives server
 * `plugin_<plugin>_<server>`). Returns undefined for anything else, including empty parts.
 */
export function parseMcpToolName(name: string): McpToolName | undefined {
  const parts = name.split('__');
  if (parts.length < 3 || parts[0] !== 'mcp') return undefined;
  const server = parts[1] ?? '';
  const tool = parts.slice(2).join('__');
  if (server === '' || tool === '') return undefined;
  return { server, tool };
}
