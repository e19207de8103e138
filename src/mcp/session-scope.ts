/**
 * The filters every MCP tool takes (project, agent, dates) and the index trees they select, within the
 * server's own `--project` scope. Dates are checked here so that a bad one is a clear tool error.
 */
import { z } from 'zod';
import { dateBound } from '../analytics/date-bound.js';
import {
  matchesTree,
  narrowSelection,
  selectTrees,
  type TreeSelection,
} from '../cache/queries/select-trees.js';
import type { SessionFilter } from '../lifecycle/load-sessions.js';
import { agents } from '../schemas/common/agent.js';
import type { McpContext } from './mcp-context.js';
import { McpToolError } from './mcp-tool.js';

export const scopeFields = {
  project: z
    .string()
    .min(1)
    .optional()
    .describe('only sessions whose project path (working directory) contains this text, any case'),
  agent: z.enum(agents).optional().describe('only sessions of this agent'),
  since: z
    .string()
    .optional()
    .describe(
      "only sessions active on or after this date (YYYY-MM-DD, a day of the server's time zone, or an ISO time)",
    ),
  until: z
    .string()
    .optional()
    .describe(
      "only sessions active on or before this date (a date alone covers its whole day in the server's time zone)",
    ),
};

export const pageField = z
  .number()
  .int()
  .min(1)
  .max(10_000)
  .default(1)
  .describe('page of the answer, from 1; an answer with more ends with "more: page N"');

/** A `limit` field: rows per page. */
export function limitField(byDefault: number, max: number) {
  return z.number().int().min(1).max(max).default(byDefault).describe(`rows per page (at most ${max})`);
}

export interface ScopeArgs {
  project?: string | undefined;
  agent?: (typeof agents)[number] | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * The session filter of a tool's arguments, dates in `zone` (UTC unless given); a McpToolError for a date
 * that is not one.
 */
export function filterOf(args: ScopeArgs, zone = 'UTC'): SessionFilter {
  const filter: SessionFilter = {};
  if (args.since !== undefined) filter.since = parseDate(args.since, 'since', 'start', zone);
  if (args.until !== undefined) filter.until = parseDate(args.until, 'until', 'end', zone);
  if (filter.since && filter.until && filter.since > filter.until)
    throw new McpToolError(`"since" (${args.since}) is after "until" (${args.until}).`);
  if (args.project !== undefined) filter.project = args.project;
  if (args.agent !== undefined) filter.agent = args.agent;
  return filter;
}

/** The trees the arguments select, newest first, within the server's project scope. */
export async function selectionFor(context: McpContext, args: ScopeArgs): Promise<TreeSelection> {
  const filter = filterOf(args, context.timeZone);
  const { db, files } = await context.current();
  const selection = selectTrees(db, files, filter);
  const scope = context.project;
  return scope === undefined
    ? selection
    : narrowSelection(selection, (tree) => matchesTree(tree, { project: scope }));
}

function parseDate(text: string, field: string, edge: 'start' | 'end', zone: string): Date {
  const date = dateBound(text, edge, zone);
  if (date) return date;
  throw new McpToolError(`"${field}" needs a date like "2026-01-31" or an ISO time, got "${text}".`);
}
