/**
 * `agentlog mcp`'s server: the tools of {@link mcpTools} and a resource per session
 * (`agentlog://session/<id>`), on the official SDK's `McpServer`. Every answer is redacted (unless the
 * server runs with `--no-redact`), bounded in size, and a failure is a tool error in one sentence.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { terminalText } from '../analytics/terminal-text.js';
import { querySessionList } from '../cache/queries/session-list-query.js';
import type { McpContext } from './mcp-context.js';
import { capAnswer, McpToolError, moreHint } from './mcp-tool.js';
import { mcpTools } from './mcp-tools.js';
import { selectionFor } from './session-scope.js';
import { getSessionTool } from './tools/get-session-tool.js';

/** Sessions a client sees when it lists the session resources (the newest; list_sessions pages the rest). */
const listedResources = 50;

export const serverInstructions =
  'agentlog reads the session logs of Claude Code and Codex on this machine (read-only). Use search to find past work by words, list_sessions to browse, get_session to read a transcript (paged by turns), tool_calls and errors for what tools did and how they failed, usage for tokens and cost (and Claude\'s 5-hour blocks), sql for anything else. Answers are paged: an answer with more ends with "more: page N".';

export function createMcpServer(context: McpContext, version: string): McpServer {
  const server = new McpServer({ name: 'agentlog', version }, { instructions: serverInstructions });
  for (const tool of mcpTools) {
    if (tool.unscoped && context.project !== undefined) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: unknown) => {
        try {
          const result = await tool.run(args as never, context);
          const data = await outgoing(context, result.data);
          return {
            content: [{ type: 'text' as const, text: capAnswer(result.render(data), result.footer) }],
            structuredContent: data,
          };
        } catch (error) {
          return { isError: true, content: [{ type: 'text' as const, text: failureText(error) }] };
        }
      },
    );
  }
  server.registerResource(
    'session',
    new ResourceTemplate('agentlog://session/{id}', {
      list: async () => {
        const sessions = querySessionList(await selectionFor(context, {}), context.now()).slice(
          0,
          listedResources,
        );
        const titles = context.redactor
          ? await context.redactor.redact(sessions.map((s) => s.title ?? ''))
          : sessions.map((s) => s.title ?? '');
        return {
          resources: sessions.map((s, i) => ({
            uri: `agentlog://session/${encodeURIComponent(s.id)}`,
            name: s.id,
            title: terminalText(
              `${s.startTime?.slice(0, 16).replace('T', ' ') ?? 'no date'} ${s.project ?? ''}: ${titles[i] || '(untitled)'}`,
            ),
            mimeType: 'text/markdown',
          })),
        };
      },
    }),
    {
      title: 'A session as Markdown',
      description: 'A session transcript (minimal detail, its first 50 turns); get_session pages the rest.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const id = decodeURIComponent(String(variables.id ?? ''));
      try {
        const result = await getSessionTool.run(
          { session: id, detail: 'minimal', page: 1, turns: 50 },
          context,
        );
        const data = await outgoing(context, result.data);
        const footer = result.footer.replace(
          moreHint(1, true),
          '\nmore: get_session with "turns": 50 and "page": 2',
        );
        return {
          contents: [
            { uri: uri.href, mimeType: 'text/markdown', text: capAnswer(result.render(data), footer) },
          ],
        };
      } catch (error) {
        // Resource not found (the MCP code for it), or what else failed, in one sentence.
        throw new McpError(
          error instanceof McpToolError ? -32002 : ErrorCode.InternalError,
          failureText(error),
        );
      }
    },
  );
  return server;
}

/**
 * Data as it leaves the server: redacted (unless `--no-redact`), and every string with its control, escape
 * and bidi characters shown as visible escapes (clients print answers in terminals).
 */
async function outgoing(
  context: McpContext,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return safeStrings(context.redactor ? await context.redactor.redact(data) : data) as Record<
    string,
    unknown
  >;
}

function safeStrings(value: unknown): unknown {
  if (typeof value === 'string') return terminalText(value, { multiline: true });
  if (Array.isArray(value)) return value.map(safeStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [terminalText(k), safeStrings(v)]));
  return value;
}

/** One sentence for the client: the tool's own message, or what failed (never a stack). */
function failureText(error: unknown): string {
  if (error instanceof McpToolError) return terminalText(error.message);
  const message = error instanceof Error ? error.message : String(error);
  return terminalText(`agentlog could not answer: ${message.split('\n')[0]}`);
}
