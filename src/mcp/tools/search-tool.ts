import { z } from 'zod';
import { QueryError } from '../../cache/run-query.js';
import {
  defaultSearchLimits,
  hitEnd,
  hitStart,
  type SearchHit,
  searchStatement,
} from '../../cache/search-index.js';
import { snippetAround } from '../../cache/snippet-around.js';
import { answer, cell, defineTool, McpToolError, moreHint } from '../mcp-tool.js';
import { limitField, pageField, scopeFields, selectionFor } from '../session-scope.js';

const searchSources = ['prompt', 'user', 'assistant', 'system', 'tool_input', 'tool_result'] as const;

/** `search`: full-text search over prompts, answers, tool inputs and results, with snippets and session ids. */
export const searchTool = defineTool({
  name: 'search',
  title: 'Search sessions',
  description:
    "Full-text search (SQLite FTS5) over prompts, assistant text, tool inputs and tool results of past sessions. Returns hits with the session id, time, where the text is (prompt, assistant, tool input or result of which tool) and a snippet with the matched words in **bold**. Words must all occur; a trailing * matches a prefix. Use get_session with a hit's session id to read around it.",
  input: z.object({
    query: z.string().min(1).describe('words that must all occur (a trailing * matches a prefix)'),
    ...scopeFields,
    in: z.array(z.enum(searchSources)).min(1).optional().describe('only these texts'),
    sort: z.enum(['rank', 'time']).default('rank').describe('rank: best first; time: newest first'),
    fts: z
      .boolean()
      .default(false)
      .describe('take the query as FTS5 syntax (AND, OR, NOT, "phrases", prefix*)'),
    page: pageField,
    limit: limitField(10, 50),
  }),
  async run(args, context) {
    const selection = await selectionFor(context, args);
    const rootSessionIds = [...new Set(selection.trees.map((t) => t.sessionId))];
    let hits: SearchHit[];
    try {
      const statement = searchStatement(args.query, {
        rootSessionIds,
        limit: args.limit + 1,
        offset: (args.page - 1) * args.limit,
        order: args.sort,
        raw: args.fts,
        limits: defaultSearchLimits,
        withText: context.redactor !== undefined,
        ...(args.in === undefined ? {} : { sources: args.in }),
      });
      hits = (await context.runBounded(statement)) as SearchHit[];
    } catch (error) {
      if (error instanceof QueryError) throw new McpToolError(error.message);
      throw error;
    }
    const more = hits.length > args.limit;
    hits = hits.slice(0, args.limit);
    if (context.redactor) {
      // The index's snippet is cut from the raw text, possibly through a secret that no rule then knows: the
      // whole texts are redacted together and the snippets cut again from them.
      const texts = await context.redactor.redact(hits.map((h) => h.text ?? ''));
      hits = hits.map(({ text: _text, ...hit }, i) => ({
        ...hit,
        snippet: snippetAround(texts[i] ?? '', args.query),
      }));
    }
    return answer(
      {
        page: args.page,
        more,
        hits: hits.map((h) => ({
          sessionId: h.sessionId,
          subSessionId: h.subSessionId,
          timestamp: h.timestamp,
          source: h.source,
          kind: h.kind,
          refId: h.refId,
          at: `${h.file}:${h.line}`,
          snippet: h.snippet.replaceAll(hitStart, '**').replaceAll(hitEnd, '**'),
        })),
      },
      (data) => {
        if (data.hits.length === 0)
          return data.page === 1 ? `No match for "${args.query}".` : `No more matches for "${args.query}".`;
        const lines = data.hits.map((h, i) => {
          const where =
            h.source === 'tool_input' || h.source === 'tool_result'
              ? `${h.kind} ${h.source.slice(5)}`
              : h.source;
          const sub = h.subSessionId === h.sessionId ? '' : ` (subagent ${h.subSessionId})`;
          return `${(data.page - 1) * args.limit + i + 1}. session ${h.sessionId}${sub}, ${h.timestamp?.slice(0, 16).replace('T', ' ') ?? 'no time'}, ${where}: ${cell(h.snippet, 400)}`;
        });
        return `${lines.join('\n')}`;
      },
      moreHint(args.page, more),
    );
  },
});
