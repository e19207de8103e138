import { allCalls } from '../analytics/session-summary.js';
import type { Session } from '../model/session.js';
import { escapeHtml } from './escape-html.js';
import { countOf, formatCost, formatDuration, formatNumber, formatTime } from './format-values.js';
import { type PageAssets, renderPage } from './page-shell.js';

/** One session in a list (small: an export keeps one per session while it writes the pages). */
export interface SessionListing {
  id: string;
  agent: string;
  title?: string;
  project?: string;
  cwd?: string;
  startTime?: string;
  durationMs?: number;
  toolCalls: number;
  errors: number;
  /** Calls neither ok nor error (denied, interrupted, hook_blocked, missing, orphan_result). */
  otherFailed: number;
  cost: number | null;
  state?: string;
  /** Where the session's page is. */
  href: string;
}

/** The listing of a session (a full one or the index's report model). */
export function listingOf(
  session: Session,
  extra: { href: string; cost: number | null; state?: string },
): SessionListing {
  const calls = allCalls(session);
  const errors = calls.filter((c) => c.status === 'error').length;
  return {
    id: session.id,
    agent: session.agent,
    ...(session.title === undefined ? {} : { title: session.title }),
    ...(session.project === undefined ? {} : { project: session.project }),
    ...(session.cwd === undefined ? {} : { cwd: session.cwd }),
    ...(session.startTime === undefined ? {} : { startTime: session.startTime }),
    ...(session.durationMs === undefined ? {} : { durationMs: session.durationMs }),
    toolCalls: calls.length,
    errors,
    otherFailed: calls.filter((c) => c.status !== 'ok' && c.status !== 'error').length,
    cost: extra.cost,
    ...(extra.state === undefined ? {} : { state: extra.state }),
    href: extra.href,
  };
}

/** A table of sessions. */
export function sessionTable(
  listed: readonly SessionListing[],
  options: { showProject?: boolean; groups?: [string, SessionListing[]][] } = {},
): string {
  const row = (s: SessionListing) => {
    const project = options.showProject ? `<td>${escapeHtml(s.project ?? '-')}</td>` : '';
    const errors = `${s.errors > 0 ? `<strong>${formatNumber(s.errors)}</strong>` : '0'}${s.otherFailed > 0 ? `<div class="dim">+${formatNumber(s.otherFailed)} other</div>` : ''}`;
    const state = s.state
      ? `<span class="state state-${escapeHtml(s.state)}">${escapeHtml(s.state)}</span>`
      : '';
    return `<tr data-session="${escapeHtml(s.id)}"><td class="num">${escapeHtml(formatTime(s.startTime).slice(0, 16))}</td>${project}<td class="title"><a href="${escapeHtml(s.href)}">${escapeHtml(s.title ?? '(untitled)')}</a><div class="dim">${escapeHtml(s.agent)} · ${escapeHtml(s.id)}</div></td><td>${state}</td><td class="num">${escapeHtml(formatDuration(s.durationMs))}</td><td class="num">${formatNumber(s.toolCalls)}</td><td class="num">${errors}</td><td class="num">${escapeHtml(formatCost(s.cost))}</td></tr>`;
  };
  const columns = options.showProject ? 8 : 7;
  const rows = options.groups
    ? options.groups.flatMap(([project, list]) => [
        `<tr class="group"><th colspan="${columns}">${escapeHtml(project)} <span class="dim">${countOf(list.length, 'session')}</span></th></tr>`,
        ...list.map(row),
      ])
    : listed.map(row);
  return `<table class="list"><thead><tr><th class="num">started (UTC)</th>${options.showProject ? '<th>project</th>' : ''}<th>title</th><th>state</th><th class="num">duration</th><th class="num">tool calls</th><th class="num">errors</th><th class="num">cost</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Sessions grouped by project (projects by their newest session), each group newest first. */
export function groupByProject(listed: readonly SessionListing[]): [string, SessionListing[]][] {
  const groups = new Map<string, SessionListing[]>();
  for (const item of listed) {
    const key = item.cwd ?? item.project ?? '(no project)';
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  for (const list of groups.values())
    list.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
  const newest = (list: SessionListing[]) => list[0]?.startTime ?? '';
  return [...groups.entries()].sort((a, b) => newest(b[1]).localeCompare(newest(a[1])));
}

/** The `index.html` of an export: every session by project and date, linking to its page. */
export function renderIndexPage(
  listed: readonly SessionListing[],
  options: {
    assets: PageAssets;
    title?: string;
    /** Cost of all the sessions, each request once (see `unseenCost`); default: the sum of their costs. */
    cost?: number;
  },
): string {
  const groups = groupByProject(listed);
  const total = options.cost ?? listed.reduce((n, l) => n + (l.cost ?? 0), 0);
  const head = `<header class="session-header"><h1>${escapeHtml(options.title ?? 'Agent sessions')}</h1><div class="totals"><span>${countOf(listed.length, 'session')}</span><span>${countOf(groups.length, 'project')}</span><span>${escapeHtml(formatCost(total))} in total</span><span>generated ${escapeHtml(formatTime(new Date().toISOString()))} UTC</span></div></header>`;
  return renderPage({
    title: options.title ?? 'agentlog sessions',
    assets: options.assets,
    body: head + sessionTable(listed, { groups }),
  });
}
