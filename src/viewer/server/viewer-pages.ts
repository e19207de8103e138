import type { ToolInventoryRow } from '../../analytics/tool-inventory.js';
import type { UsageRow } from '../../analytics/usage-report.js';
import { agents } from '../../schemas/common/agent.js';
import { escapeHtml, jsonForScript } from '../escape-html.js';
import { countOf, formatCost, formatNumber, formatTime } from '../format-values.js';
import { type SessionListing, sessionTable } from '../index-page.js';
import { filtersQuery, type ListFilters } from '../list-filters.js';
import { renderPage } from '../page-shell.js';

/** The served app's navigation bar, with the search box. */
export function navBar(query = ''): string {
  return `<nav class="top"><a class="brand" href="/">agentlog</a><a href="/">sessions</a><a href="/dashboard">dashboard</a><form action="/search" method="get" role="search"><input type="search" name="q" value="${escapeHtml(query)}" placeholder="search prompts, answers, tools" aria-label="search" size="32"><button type="submit">search</button></form></nav>`;
}

function filterForm(action: string, filters: ListFilters, states: readonly string[]): string {
  const input = (name: keyof ListFilters, label: string, type = 'text', placeholder = '') =>
    `<label>${label}<input type="${type}" name="${name}" value="${escapeHtml(filters[name] === undefined ? '' : String(filters[name]))}" placeholder="${placeholder}"></label>`;
  const select = (name: 'agent' | 'state', label: string, options: readonly string[]) =>
    `<label>${label}<select name="${name}"><option value="">any</option>${options.map((o) => `<option${filters[name] === o ? ' selected' : ''}>${escapeHtml(o)}</option>`).join('')}</select></label>`;
  return `<form class="filters" method="get" action="${action}">${input('project', 'project', 'text', 'path contains')}${select('agent', 'agent', agents)}${input('since', 'since', 'date')}${input('until', 'until', 'date')}${select('state', 'state', states)}<label class="check"><input type="checkbox" name="errors" value="1"${filters.errors ? ' checked' : ''}> has errors</label><button type="submit">filter</button><a href="${action}">clear</a></form>`;
}

function problemsHtml(problems: readonly string[]): string {
  return problems.map((p) => `<p class="note">${escapeHtml(p)}</p>`).join('');
}

/** `/`: the session list with its filters. */
export function renderListPage(
  listed: readonly SessionListing[],
  filters: ListFilters,
  options: {
    problems: string[];
    states: readonly string[];
    total: number;
    /** Cost of the sessions listed, each request once (see `requestsOnce`); default: the sum of their costs. */
    cost?: number;
  },
): string {
  const cost = options.cost ?? listed.reduce((n, l) => n + (l.cost ?? 0), 0);
  const head = `<header class="session-header"><h1>Sessions</h1><div class="totals"><span>${formatNumber(listed.length)} of ${countOf(options.total, 'session')}</span><span>${escapeHtml(formatCost(cost))}</span><a href="/dashboard${filtersQuery(filters)}">dashboard for these sessions</a></div></header>`;
  const body = `${head}${filterForm('/', filters, options.states)}${problemsHtml(options.problems)}${listed.length === 0 ? '<p>No sessions match.</p>' : sessionTable(listed, { showProject: true })}`;
  return renderPage({ title: 'Sessions · agentlog', assets: { mode: 'served' }, nav: navBar(), body });
}

/** One search hit for the page: where, and the snippet with the hit marked. */
export interface SearchHitView {
  href: string;
  session: string;
  where: string;
  time: string | null;
  snippet: string;
  /** Marks around the matched words in `snippet`. */
  marks: [start: string, end: string];
}

/** A snippet with its marked words in `<mark>`, everything else escaped. */
export function highlight(snippet: string, marks: [string, string]): string {
  const [start, end] = marks;
  let html = '';
  let rest = snippet;
  for (;;) {
    const a = rest.indexOf(start);
    if (a < 0) break;
    const b = rest.indexOf(end, a + start.length);
    if (b < 0) break;
    html += `${escapeHtml(rest.slice(0, a))}<mark>${escapeHtml(rest.slice(a + start.length, b))}</mark>`;
    rest = rest.slice(b + end.length);
  }
  return html + escapeHtml(rest.replaceAll(start, '').replaceAll(end, ''));
}

/** What the search page says besides its hits: a problem with the query, or which page of hits it is. */
export interface SearchPageOptions {
  problem?: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** Whether there is a next page. */
  more?: boolean;
}

/** `/search?q=`: hits with the matched words highlighted, each linking to its message or tool card. */
export function renderSearchPage(
  query: string,
  hits: readonly SearchHitView[],
  options: SearchPageOptions = {},
): string {
  const { problem, page = 1, pageSize = hits.length, more = false } = options;
  const list = hits.map(
    (h) =>
      `<div class="hit"><div class="where"><a href="${escapeHtml(h.href)}">${escapeHtml(h.session)}</a> · ${escapeHtml(h.where)} · ${escapeHtml(formatTime(h.time))}</div><div class="snippet">${highlight(h.snippet, h.marks)}</div></div>`,
  );
  const first = (page - 1) * pageSize + 1;
  const count =
    hits.length === 0
      ? `No hits for “${escapeHtml(query)}”${page > 1 ? ` on page ${page}` : ''}.`
      : `Hits ${formatNumber(first)} to ${formatNumber(first + hits.length - 1)} for “${escapeHtml(query)}”${more || page > 1 ? '' : ` (${formatNumber(hits.length)} in all)`}.`;
  const link = (p: number, label: string) =>
    `<a href="/search?q=${encodeURIComponent(query)}${p > 1 ? `&amp;page=${p}` : ''}">${label}</a>`;
  const pager =
    page > 1 || more
      ? `<p class="pager">${page > 1 ? link(page - 1, '← previous') : ''}${page > 1 && more ? ' · ' : ''}${more ? link(page + 1, 'next →') : ''}</p>`
      : '';
  const body = `<h1>Search</h1>${problem ? `<p class="note">${escapeHtml(problem)}</p>` : ''}${query && !problem ? `<p class="dim">${count}</p>` : ''}<div class="hits">${list.join('')}</div>${problem ? '' : pager}`;
  return renderPage({
    title: `${query || 'Search'} · agentlog`,
    assets: { mode: 'served' },
    nav: navBar(query),
    body,
  });
}

/** The dashboard's data: tools (top by calls) and usage per day. */
export interface DashboardData {
  tools: (Pick<ToolInventoryRow, 'tool' | 'calls' | 'ok' | 'errors' | 'errorRate'> & {
    withResult: number;
  })[];
  days: UsageRow[];
}

/** `/dashboard`: charts of tool calls by tool, error rate by tool, tokens and cost per day (Chart.js). */
export function renderDashboardPage(
  data: DashboardData,
  filters: ListFilters,
  options: { problems: string[]; states: readonly string[]; sessions: number },
): string {
  const chart = (id: string, title: string) =>
    `<section class="chart"><h3>${escapeHtml(title)}</h3><div class="canvas-box"><canvas id="${id}" role="img" aria-label="${escapeHtml(title)}"></canvas></div></section>`;
  const cost = data.days.reduce((n, d) => n + d.cost, 0);
  const tokens = data.days.reduce((n, d) => n + d.totalTokens, 0);
  const table = `<h2>Tools</h2><table class="list"><thead><tr><th>tool</th><th class="num">calls</th><th class="num">ok</th><th class="num">errors</th><th class="num">error rate</th></tr></thead><tbody>${data.tools.map((t) => `<tr><td>${escapeHtml(t.tool)}</td><td class="num">${formatNumber(t.calls)}</td><td class="num">${formatNumber(t.ok)}</td><td class="num">${formatNumber(t.errors)}</td><td class="num">${(t.errorRate * 100).toFixed(1)}%</td></tr>`).join('')}</tbody></table>`;
  const body = `<header class="session-header"><h1>Dashboard</h1><div class="totals"><span>${countOf(options.sessions, 'session')}</span><span>${countOf(tokens, 'token')}</span><span>${escapeHtml(formatCost(cost))}</span><a href="/${filtersQuery(filters)}">the sessions</a></div></header>${filterForm('/dashboard', filters, options.states)}${problemsHtml(options.problems)}<div class="charts">${chart('chart-calls', 'Tool calls by tool')}${chart('chart-errors', 'Error rate by tool')}</div><div class="charts">${chart('chart-usage', 'Tokens and cost per day (UTC)')}</div>${table}<script type="application/json" id="dashboard-data">${jsonForScript(data)}</script>`;
  return renderPage({
    title: 'Dashboard · agentlog',
    assets: { mode: 'served' },
    nav: navBar(),
    body,
    servedScripts: ['/assets/chart.umd.js'],
    scripts: [{ source: '', path: '/assets/dashboard.js' }],
  });
}
