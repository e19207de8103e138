import type { McpTool } from './mcp-tool.js';
import { errorsTool } from './tools/errors-tool.js';
import { getSessionTool } from './tools/get-session-tool.js';
import { listSessionsTool } from './tools/list-sessions-tool.js';
import { searchTool } from './tools/search-tool.js';
import { sqlTool } from './tools/sql-tool.js';
import { toolCallsTool } from './tools/tool-calls-tool.js';
import { usageTool } from './tools/usage-tool.js';

/** Every tool of `agentlog mcp`, in the order clients list them (the help and the docs page too). */
export const mcpTools: readonly McpTool[] = [
  searchTool,
  listSessionsTool,
  getSessionTool,
  toolCallsTool,
  errorsTool,
  usageTool,
  sqlTool,
] as unknown as readonly McpTool[];
