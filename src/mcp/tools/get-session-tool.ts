import type Database from 'better-sqlite3';
import { z } from 'zod';
import { transcriptDetails, transcriptMarkdown } from '../../exporters/transcript-markdown.js';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import type { Session } from '../../model/session.js';
import { findTree } from '../find-tree.js';
import type { McpContext } from '../mcp-context.js';
import { answer, capAnswer, defineTool, McpToolError, moreHint } from '../mcp-tool.js';
import { pageField, selectionFor } from '../session-scope.js';
import { splitTurns } from '../transcript-pages.js';

/** `get_session`: a session as a Markdown transcript, paged by turns. */
export const getSessionTool = defineTool({
  name: 'get_session',
  title: 'Read a session',
  description:
    'One session (with its subagents) as a Markdown transcript, paged by turns (a turn starts at a user prompt). detail "user": prompts and answers; "minimal": plus one line per tool call (input summary, status, duration, error); "full": plus every input and result, thinking, rewound branches and subagent conversations.',
  input: z.object({
    session: z
      .string()
      .min(1)
      .describe(
        'session id, a unique prefix of one, or a subagent id; ID@N picks the Nth file holding the same id',
      ),
    detail: z.enum(transcriptDetails).default('minimal').describe('how much of each turn to show'),
    page: pageField,
    turns: z.number().int().min(1).max(50).default(5).describe('turns per page'),
  }),
  async run(args, context) {
    const selection = await selectionFor(context, {});
    const tree = findTree(selection, args.session);
    const session = await loadTree(context, selection.db, tree.id, tree.sessionId, tree.firstFile);
    const shown = context.redactor ? await context.redactor.redact(session) : session;
    const { head, turns } = splitTurns(transcriptMarkdown(shown, args.detail));
    const from = (args.page - 1) * args.turns;
    if (from > 0 && from >= turns.length)
      throw new McpToolError(
        `Session "${tree.sessionId}" has ${turns.length} turn${turns.length === 1 ? '' : 's'}: ${Math.max(1, Math.ceil(turns.length / args.turns))} page(s) of ${args.turns}.`,
      );
    const page = turns.slice(from, from + args.turns);
    const more = turns.length > from + args.turns;
    const range =
      turns.length === 0 ? 'no prompts' : `turns ${from + 1}-${from + page.length} of ${turns.length}`;
    return answer(
      {
        sessionId: tree.sessionId,
        page: args.page,
        turns: turns.length,
        firstTurn: page.length === 0 ? 0 : from + 1,
        lastTurn: from + page.length,
        more,
        // Cut here, so that the structured answer is bounded like the text.
        markdown: capAnswer([...head, ...page.flat()].join('\n')),
      },
      (data) => data.markdown,
      `\n\n(${range})${moreHint(args.page, more)}`,
    );
  },
});

/** Full sessions by tree, per server, while their files keep their sizes and times. */
const loaded = new WeakMap<McpContext, Map<number, { stamp: string; session: Session }>>();

/** The full session of a tree, read from the files the index lists for it (never a path a client gave). */
async function loadTree(
  context: McpContext,
  db: Database.Database,
  tree: number,
  sessionId: string,
  firstFile: string | null,
): Promise<Session> {
  const paths = new Set<string>();
  for (const [files] of db.prepare('SELECT files FROM sessions WHERE tree = ?').raw().all(tree) as [string][])
    for (const file of JSON.parse(files) as string[]) paths.add(file);
  const { files } = await context.current();
  const refs = files.filter((f) => paths.has(f.path));
  // The refresh that just ran stated every file: its row says whether the file changed since it was read.
  const state = db.prepare('SELECT size, mtime_ms FROM files WHERE path = ?').raw();
  const stamp = refs.map((r) => `${r.path}:${JSON.stringify(state.get(r.path) ?? null)}`).join('|');
  let cache = loaded.get(context);
  if (!cache) {
    cache = new Map();
    loaded.set(context, cache);
  }
  const cached = cache.get(tree);
  if (cached && cached.stamp === stamp) return cached.session;
  const session = (await loadSessions(refs)).find(
    (s) => s.id === sessionId && (firstFile === null || s.files[0] === firstFile),
  );
  if (!session)
    throw new McpToolError(
      `Session "${sessionId}" could not be read again from its files (moved or deleted?).`,
    );
  if (cache.size >= 4) cache.delete(cache.keys().next().value as number);
  cache.set(tree, { stamp, session });
  return session;
}
