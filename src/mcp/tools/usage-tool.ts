import { z } from 'zod';
import { computeBlocksReport } from '../../analytics/blocks-report.js';
import { formatDuration } from '../../analytics/format-duration.js';
import { formatNumber, formatUsd } from '../../analytics/format-number.js';
import type { UsageBlock } from '../../analytics/usage-blocks.js';
import { queryCountedRequests, queryUsage } from '../../cache/queries/usage-query.js';
import { answer, cell, defineTool, markdownTable, moreHint, pageOf } from '../mcp-tool.js';
import { limitField, pageField, scopeFields, selectionFor } from '../session-scope.js';

const splits = ['day', 'week', 'month', 'model', 'project', 'agent', 'session', 'block'] as const;

/** `usage`: tokens and cost by day, week, month, model, project, agent or session, or Claude's 5-hour blocks. */
export const usageTool = defineTool({
  name: 'usage',
  title: 'Token usage and cost',
  description:
    'Tokens (input, output, cache write, cache read, reasoning) and cost in USD, each API request counted once (subagents included), by day, ISO week or month (days of the server\'s time zone, newest first), model, project, agent or session (by cost), with the total. by "block": Claude Code usage in the 5-hour windows subscription limits count (a block starts at the hour of its first request; the active one has its time left, burn rate and projection). Requests of models without a known price are counted as unpriced, never as $0.',
  input: z.object({
    by: z.enum(splits).default('day').describe('how to split the totals'),
    ...scopeFields,
    page: pageField,
    limit: limitField(30, 200),
  }),
  async run(args, context) {
    const selection = await selectionFor(context, args);
    if (args.by === 'block') {
      const report = computeBlocksReport(queryCountedRequests(selection), context.price, {
        now: context.now(),
        ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
      });
      const blocks = report.blocks.reverse();
      const { rows, more } = pageOf(blocks, args.page, args.limit);
      return answer(
        {
          by: args.by,
          totalBlocks: blocks.length,
          untimedRequests: report.untimedRequests,
          page: args.page,
          more,
          blocks: rows,
        },
        (data) => {
          if (data.totalBlocks === 0) return 'No Claude Code usage with a time recorded in these sessions.';
          const untimed =
            data.untimedRequests === 0
              ? ''
              : ` ${data.untimedRequests} request${data.untimedRequests === 1 ? '' : 's'} without a valid time ${data.untimedRequests === 1 ? 'is' : 'are'} in no block.`;
          return `${data.totalBlocks} five-hour block${data.totalBlocks === 1 ? '' : 's'}, newest first (times ${context.timeZone ?? 'UTC'}).${untimed}\n\n${renderBlocks(data.blocks)}`;
        },
        moreHint(args.page, more),
      );
    }
    const report = queryUsage(selection, args.by, context.price, {
      ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    });
    // Newest first; rows of requests without a time ("unknown") last.
    const ordered = ['day', 'week', 'month'].includes(args.by)
      ? [...report.rows].sort(
          (a, b) => Number(a.key === 'unknown') - Number(b.key === 'unknown') || b.key.localeCompare(a.key),
        )
      : report.rows;
    const { rows, more } = pageOf(ordered, args.page, args.limit);
    return answer(
      {
        by: args.by,
        total: report.total,
        unpricedModels: report.unpricedModels,
        unpricedTokens: report.unpricedTokens,
        sharedRequests: report.sharedRequests,
        totalRows: ordered.length,
        page: args.page,
        more,
        rows,
      },
      (data) => {
        if (data.total.requests === 0) return 'No usage recorded in these sessions.';
        const table = markdownTable(
          [data.by, 'input', 'output', 'cache write', 'cache read', 'total', 'cost', 'requests', 'models'],
          [...data.rows, data.total].map((r) => [
            cell(r.key, 60),
            formatNumber(r.inputTokens),
            formatNumber(r.outputTokens),
            formatNumber(r.cacheWriteTokens),
            formatNumber(r.cacheReadTokens),
            formatNumber(r.totalTokens),
            costText(r.cost, r.unpricedRequests),
            formatNumber(r.requests),
            cell(r.models.join(', '), 80),
          ]),
        );
        const unpriced = Object.entries(data.unpricedModels);
        const note =
          unpriced.length === 0
            ? ''
            : `\n\nNo price known for ${unpriced.map(([m, n]) => `${m} (${n} request${n === 1 ? '' : 's'}, ${formatNumber(data.unpricedTokens[m] ?? 0)} tokens)`).join(', ')}: their tokens are counted, their cost is not.`;
        return `${table}${note}`;
      },
      moreHint(args.page, more),
    );
  },
});

function costText(cost: number, unpriced: number): string {
  const priced = formatUsd(cost);
  return unpriced === 0 ? priced : `${priced} + ${unpriced} unpriced`;
}

function renderBlocks(blocks: readonly UsageBlock[]): string {
  return markdownTable(
    ['start', 'end', 'state', 'requests', 'total tokens', 'cost', 'models', 'burn rate / projection'],
    blocks.map((b) => [
      b.start.slice(0, 16).replace('T', ' '),
      b.end.slice(0, 16).replace('T', ' '),
      b.active ? `active, ${formatDuration(b.remainingMs)} left` : 'done',
      formatNumber(b.requests),
      formatNumber(b.totalTokens),
      costText(b.cost, b.unpricedRequests),
      cell(b.models.join(', '), 80),
      b.burnRate && b.projected
        ? `${formatNumber(Math.round(b.burnRate.tokensPerHour))} tokens/h, ${formatUsd(b.burnRate.costPerHour)}/h; at the end: ${formatNumber(b.projected.totalTokens)} tokens, ${formatUsd(b.projected.cost)}`
        : '-',
    ]),
  );
}
