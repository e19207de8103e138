import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

const toolSearchInputSchema = z.looseObject({
  query: z.string().describe('"select:<name>[,<name>]" to load tools by name, or keywords'),
  max_results: z.number().optional().describe('Most tools to return (default 5)'),
});

const toolSearchResultSchema = z.looseObject({
  matches: z.array(z.string()).describe('Names of the tools loaded'),
  query: z.string().describe('Query run'),
  total_deferred_tools: z.number().describe('Tools that were available to search'),
  pending_mcp_servers: z.array(z.string()).optional().describe('MCP servers still connecting'),
});

/** The `ToolSearch` tool. */
export const toolSearchTool = defineTool({
  kind: 'other',
  name: 'ToolSearch',
  aliases: ['MCPSearch'],
  description: 'Finds deferred tools (mostly MCP tools) and loads their definitions into context.',
  input: toolSearchInputSchema,
  result: toolSearchResultSchema,
  history: [
    '≈2.0.7x–2.1.12: named MCPSearch.',
    'By 2.1.15: named ToolSearch; the tool_result content is a list of tool_reference blocks.',
  ],
});

/** The `MCPSearch` tool. */
export const mcpSearchTool = defineTool({
  kind: 'mcp',
  name: 'MCPSearch',
  canonical: 'ToolSearch',
  description:
    'Finds deferred MCP tools and loads their definitions into context (named ToolSearch from 2.1.15).',
  input: toolSearchInputSchema,
  result: toolSearchResultSchema,
  lastVersion: '2.1.12',
  status: 'removed',
  history: ['≈2.0.7x–2.1.12; renamed ToolSearch by 2.1.15.'],
});

/** The `ListMcpResourcesTool` tool. */
export const listMcpResourcesTool = defineTool({
  kind: 'mcp',
  name: 'ListMcpResourcesTool',
  aliases: ['ListMcpResourcesInput'],
  description: 'Lists the resources that connected MCP servers offer.',
  input: z.looseObject({
    server: z.string().optional().describe('Only list resources of this server'),
  }),
  result: z
    .array(
      z
        .looseObject({
          uri: z.string().describe('Resource URI'),
          name: z.string().describe('Resource name'),
          mimeType: z.string().optional().describe('Media type'),
          description: z.string().optional().describe('What the resource is'),
          server: z.string().describe('Server offering it'),
        })
        .describe('One resource'),
    )
    .describe('Resources found'),
});

/** The `ReadMcpResourceTool` tool. */
export const readMcpResourceTool = defineTool({
  kind: 'mcp',
  name: 'ReadMcpResourceTool',
  aliases: ['ReadMcpResourceInput'],
  description: 'Reads one resource from an MCP server.',
  input: z.looseObject({
    server: z.string().describe('Server name'),
    uri: z.string().describe('Resource URI'),
  }),
  result: z.looseObject({
    contents: z
      .array(
        z
          .looseObject({
            uri: z.string().describe('Resource URI'),
            mimeType: z.string().optional().describe('Media type'),
            text: z.string().optional().describe('Text content'),
            blobSavedTo: z.string().optional().describe('File binary content was saved to (2.1.100)'),
          })
          .describe('One content item'),
      )
      .describe('Content of the resource'),
    error: z.string().optional().describe('Error text (2.1.200)'),
  }),
  history: ['2.1.100: contents + blobSavedTo.', '2.1.200: result + error.'],
});

/** The `ReadMcpResourceDirTool` tool. */
export const readMcpResourceDirTool = defineTool({
  kind: 'mcp',
  name: 'ReadMcpResourceDirTool',
  aliases: ['ReadMcpResourceDirInput'],
  description: 'Lists the resources under a directory-like URI of an MCP server.',
  input: z.looseObject({
    server: z.string().describe('Server name'),
    uri: z.string().describe('Directory URI'),
  }),
  result: z.looseObject({
    resources: z
      .array(
        z
          .looseObject({
            uri: z.string().describe('Resource URI'),
            name: z.string().describe('Resource name'),
            mimeType: z.string().optional().describe('Media type'),
          })
          .describe('One resource'),
      )
      .describe('Resources under the URI'),
    error: z.string().optional().describe('Error text'),
  }),
  firstVersion: '2.1.200',
});

/** The `RefreshMcpTools` tool. */
export const refreshMcpToolsTool = defineTool({
  kind: 'mcp',
  name: 'RefreshMcpTools',
  description: 'Reloads the tool lists of MCP servers.',
  input: z.looseObject({
    server: z.string().optional().describe('Only refresh this server'),
  }),
  result: z
    .array(
      z
        .looseObject({
          server: z.string().describe('Server name'),
          status: z.enum(['refreshed', 'error', 'not_connected']).describe('Outcome'),
          toolCount: z.number().optional().describe('Tools the server now offers'),
          added: z.unknown().optional().describe('Tools that appeared'),
          removed: z.unknown().optional().describe('Tools that disappeared'),
          error: z.string().optional().describe('Error text'),
        })
        .describe('Outcome for one server'),
    )
    .describe('Outcome per server'),
  firstVersion: '2.1.250',
  history: ['Name from the SDK type; the runtime tool name is unconfirmed.'],
});

/** The `WaitForMcpServers` tool. */
export const waitForMcpServersTool = defineTool({
  kind: 'mcp',
  name: 'WaitForMcpServers',
  description: 'Waits until MCP servers that are still connecting are ready.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  history: ['Name from the 2.1.3xx built-in tool list; arguments not published.'],
});

/** One block of MCP tool output (`text`, `image`, `resource`, `resource_link`, …). */
const mcpContentBlockSchema = z
  .looseObject({ type: z.string().describe('Block type, e.g. "text" or "image"') })
  .describe('MCP content block');

/** Any tool of a connected MCP server (`mcp__<server>__<tool>`): arguments and results are the server's own. */
export const mcpToolSpec = defineTool({
  name: 'mcp__*',
  kind: 'mcp',
  description: 'Calls a tool of a connected MCP server.',
  input: z.looseObject({}).describe('MCP tool arguments'),
  result: z
    .union([
      z.string().describe('Text output'),
      z.array(mcpContentBlockSchema).describe('MCP content blocks'),
      z.looseObject({}).describe('Structured content'),
    ])
    .describe('MCP tool output'),
  history: ['2.1.x: the user record carries mcpMeta (_meta); 2.1.69: binary content saved to disk.'],
});
