/**
 * The shape of an MCP tool of agentlog: a name, a description for the model, a zod input schema (the
 * JSON Schema clients see is generated from it), and a handler that returns data and how to render it.
 * The server redacts the data before it renders the text, so both leave the server redacted.
 */
import type { z } from 'zod';
import type { McpContext } from './mcp-context.js';

/** An answer: structured data (sent as `structuredContent`) and its Markdown rendering for the model. */
export interface ToolAnswer {
  data: Record<string, unknown>;
  /** Renders the data as the server passes it back (redacted). */
  render(data: Record<string, unknown>): string;
  /** The last line (where the page is, "more: page N"), kept when a long answer is cut. */
  footer: string;
}

/**
 * An answer whose renderer sees the data's own type (the server gives it back the same shape, redacted),
 * ending with `footer`.
 */
export function answer<D extends Record<string, unknown>>(
  data: D,
  render: (data: D) => string,
  footer = '',
): ToolAnswer {
  return { data, render: render as (data: Record<string, unknown>) => string, footer };
}

export interface McpTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** Left out of a server scoped to one project (`--project`): it could read past the scope. */
  unscoped?: boolean;
  run(args: z.output<S>, context: McpContext): Promise<ToolAnswer>;
}

/** Defines a tool, keeping its input type for the handler. */
export function defineTool<S extends z.ZodObject>(tool: McpTool<S>): McpTool<S> {
  return tool;
}

/** A request the tool cannot answer as asked (unknown session, bad date, a query that writes): for the client. */
export class McpToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpToolError';
  }
}

/** Characters one answer may hold; a longer one is cut with a note. */
export const maxAnswerChars = 40_000;

/** The rows of page `page` (1-based) of `size`, and whether a later page has more. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; more: boolean } {
  const from = (page - 1) * size;
  return { rows: rows.slice(from, from + size), more: rows.length > from + size };
}

/** The line that ends an answer with more to read. */
export function moreHint(page: number, more: boolean): string {
  return more ? `\n\nmore: page ${page + 1} (call again with "page": ${page + 1})` : '';
}

/** `text` cut to {@link maxAnswerChars} with a note saying how to get less at once, then `footer`. */
export function capAnswer(text: string, footer = ''): string {
  if (text.length <= maxAnswerChars) return `${text}${footer}`;
  return `${text.slice(0, maxAnswerChars)}\n\n[answer cut at ${maxAnswerChars.toLocaleString('en-US')} characters: ask for fewer rows ("limit"), fewer turns or a less detailed page]${footer}`;
}

/** One line of log text for a Markdown table cell: no line breaks, no pipes, at most `max` characters. */
export function cell(text: string | null | undefined, max = 120): string {
  if (text === null || text === undefined || text === '') return '-';
  const flat = text.replace(/\s+/g, ' ').replaceAll('|', '\\|').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A Markdown table. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
