import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { jsonToolResult } from './tool-result.js';

/** Arguments of `list_mcp_resources` and `list_mcp_resource_templates`. */
export const listMcpResourcesInputSchema = z.looseObject({
  server: z.string().optional().describe('MCP server; all servers when omitted'),
  cursor: z.string().optional().describe('Cursor from a previous call'),
});

export const listMcpResourcesTool = defineTool({
  kind: 'mcp',
  name: 'list_mcp_resources',
  description: 'Lists the resources MCP servers provide.',
  input: listMcpResourcesInputSchema,
  result: jsonToolResult(z.looseObject({ resources: z.array(z.looseObject({})).optional() })),
});

export const listMcpResourceTemplatesTool = defineTool({
  kind: 'mcp',
  name: 'list_mcp_resource_templates',
  description: 'Lists the parameterized resource templates MCP servers provide.',
  input: listMcpResourcesInputSchema,
  result: jsonToolResult(z.looseObject({ resourceTemplates: z.array(z.looseObject({})).optional() })),
});

/** Arguments of `read_mcp_resource`. */
export const readMcpResourceInputSchema = z.looseObject({
  server: z.string(),
  uri: z.string(),
});

export const readMcpResourceTool = defineTool({
  kind: 'mcp',
  name: 'read_mcp_resource',
  description: 'Reads one resource of an MCP server by URI.',
  input: readMcpResourceInputSchema,
  result: jsonToolResult(z.looseObject({ contents: z.array(z.looseObject({})).optional() })),
});
