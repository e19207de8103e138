import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type SessionState, sessionState, sessionStates } from '../../analytics/session-state.js';
import { allCalls } from '../../analytics/session-summary.js';
import { computeToolInventory } from '../../analytics/tool-inventory.js';
import { computeUsage } from '../../analytics/usage-report.js';
import type { Session } from '../../model/session.js';
import { escapeHtml } from '../escape-html.js';
import { listingOf, type SessionListing } from '../index-page.js';
import { lastWriteMs } from '../last-write.js';
import { matchesListFilters, parseListFilters } from '../list-filters.js';
import { renderPage } from '../page-shell.js';
import { renderSession, sessionTotals } from '../render-session.js';
import { renderSessionDocument, sessionPageData } from '../session-page.js';
import { sessionOfFile, sessionRouteIds } from '../session-route-ids.js';
import { followSession } from './follow-session.js';
import { fromItself } from './from-itself.js';
import { servedAssets } from './served-assets.js';
import { securityHeaders } from './served-policy.js';
import {
  navBar,
  renderDashboardPage,
  renderListPage,
  renderSearchPage,
  type SearchHitView,
} from './viewer-pages.js';
import { ViewerSearchError, type ViewerSearchHit, type ViewerSource } from './viewer-source.js';

export interface ViewerServerOptions {
  /** How often a followed session's files are checked for new bytes (default 500 ms). */
  pollMs?: number;
  /** Host names accepted in the `Host` header (DNS rebinding guard); undefined accepts any. */
  allowedHosts?: readonly string[];
}

/** Search hits per page, and the pages one can go through. */
export const searchPageSize = 100;
export const maxSearchPages = 10;

/**
 * The `serve` web app: a read-only HTTP server (GET and HEAD only) over a {@link ViewerSource}: the session
 * list with filters (`/`), a session's page (`/session/<id>`, followed live over server-sent events), search
 * (`/search?q=`), and the dashboard (`/dashboard`). Every response carries the served policy
 * (`served-policy.ts`).
 */
export function createViewerServer(source: ViewerSource, options: ViewerServerOptions = {}): Server {
  const pollMs = options.pollMs ?? 500;
  const assets = servedAssets();

  const states = new Map<string, SessionState>();
  const stateOf = (session: Session) => {
    const write = lastWriteMs(session);
    const state = sessionState(session, write === undefined ? {} : { lastWriteMs: write }).state;
    states.set(session.id, state);
    return state;
  };

  async function listed(params: URLSearchParams) {
    const { filters, problems } = parseListFilters(params);
    const sessions = await source.sessions();
    const kept = sessions.filter((s) => {
      const failed = allCalls(s).filter((c) => c.status === 'error').length;
      if (!matchesListFilters(s, filters, failed, source.timeZone)) return false;
      return filters.state === undefined || stateOf(s) === filters.state;
    });
    return { filters, problems, sessions, kept };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...securityHeaders, 'content-type': type, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const html = (body: string, status = 200) => send(status, 'text/html; charset=utf-8', body);
    const problemPage = (status: number, title: string, what: string) =>
      html(
        renderPage({
          title: `${title} · agentlog`,
          assets: { mode: 'served' },
          nav: navBar(),
          body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(what)}</p><p><a href="/">All sessions</a></p>`,
        }),
        status,
      );
    const notFound = (what: string) => problemPage(404, 'Not found', what);
    const badRequest = () =>
      problemPage(400, 'Bad request', 'This address is not well formed (a broken %-escape?).');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      badRequest();
      return;
    }
    const route = url.pathname;

    if (route === '/favicon.ico') {
      send(204, 'image/x-icon', '');
      return;
    }
    const asset = assets[route];
    if (asset) {
      const [type, body] = asset();
      send(200, type, body, { 'cache-control': 'no-cache' });
      return;
    }
    if (route === '/') {
      const { filters, problems, sessions, kept } = await listed(url.searchParams);
      const routeIds = sessionRouteIds(sessions);
      const rows: SessionListing[] = kept.map((s) =>
        listingOf(s, {
          href: `/session/${encodeURIComponent(routeIds.get(s) ?? s.id)}`,
          cost: sessionTotals(s, source.price).cost,
          state: states.get(s.id) ?? stateOf(s),
        }),
      );
      // The total counts a request copied into several session files once, as `agentlog usage` does.
      const cost = computeUsage(kept, 'agent', source.price).total.cost;
      html(renderListPage(rows, filters, { problems, states: sessionStates, total: sessions.length, cost }));
      return;
    }
    if (route === '/dashboard') {
      const { filters, problems, kept } = await listed(url.searchParams);
      const inventory = computeToolInventory(kept).slice(0, 20);
      const usage = computeUsage(kept, 'day', source.price, {
        ...(source.timeZone === undefined ? {} : { timeZone: source.timeZone }),
      });
      const data = {
        tools: inventory.map((r) => ({
          tool: r.tool,
          calls: r.calls,
          ok: r.ok,
          errors: r.errors,
          errorRate: r.errorRate,
          withResult: r.calls - r.missing,
        })),
        days: usage.rows.filter((r) => r.key !== 'unknown'),
        unpriced: Object.entries(usage.unpricedModels).map(([model, requests]) => ({
          model,
          requests,
          tokens: usage.unpricedTokens[model] ?? 0,
        })),
      };
      html(
        renderDashboardPage(data, filters, {
          problems,
          states: sessionStates,
          sessions: kept.length,
          timeZone: source.timeZone ?? 'UTC',
        }),
      );
      return;
    }
    if (route === '/search') {
      const query = (url.searchParams.get('q') ?? '').trim();
      if (query === '') {
        html(renderSearchPage('', []));
        return;
      }
      const pageParam = url.searchParams.get('page') ?? '1';
      const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
      if (page < 1 || page > maxSearchPages) {
        html(
          renderSearchPage(query, [], {
            problem: `Pages go from 1 to ${maxSearchPages}; narrow the search to see other hits.`,
          }),
          400,
        );
        return;
      }
      const sessions = await source.sessions();
      const routeIds = sessionRouteIds(sessions);
      let found: ViewerSearchHit[];
      try {
        found = await source.search(
          query,
          sessions.map((s) => s.id),
          { offset: (page - 1) * searchPageSize, limit: searchPageSize + 1 },
        );
      } catch (error) {
        if (!(error instanceof ViewerSearchError)) throw error;
        html(renderSearchPage(query, [], { problem: error.message }), error.status);
        return;
      }
      const hits = found.slice(0, searchPageSize);
      const views: SearchHitView[] = hits.map((h) => {
        const tool = h.source === 'tool_input' || h.source === 'tool_result';
        // Sessions sharing an id (copies, checkpoints) are told apart by the file the hit was read from.
        const root = sessionOfFile(sessions, h.sessionId, h.file);
        const routeId = (root && routeIds.get(root)) ?? h.sessionId;
        return {
          href: `/session/${encodeURIComponent(routeId)}#${tool ? 'c' : 'm'}-${encodeURIComponent(h.refId)}`,
          session: root?.title ?? h.sessionId,
          where: tool ? `${h.kind} ${h.source.slice(5)}` : h.source,
          time: h.timestamp,
          snippet: h.snippet,
          marks: source.searchMarks,
        };
      });
      html(
        renderSearchPage(query, views, {
          page,
          pageSize: searchPageSize,
          more: found.length > searchPageSize && page < maxSearchPages,
        }),
      );
      return;
    }
    const sessionRoute = /^\/(api\/)?session\/([^/]+)(\/events)?$/.exec(route);
    if (sessionRoute) {
      let id: string;
      try {
        id = decodeURIComponent(sessionRoute[2] ?? '');
      } catch {
        badRequest();
        return;
      }
      const api = sessionRoute[1] !== undefined;
      const events = sessionRoute[3] !== undefined;
      const session = await source.session(id);
      if (!session) {
        if (api) send(404, 'application/json', JSON.stringify({ error: `No session "${id}".` }));
        else notFound(`There is no session "${id}" in the logs this server reads.`);
        return;
      }
      if (events && api) {
        followSession(req, res, session, pollMs);
        return;
      }
      const rendered = renderSession(session, { price: source.price, state: stateOf(session) });
      if (api) {
        send(200, 'application/json; charset=utf-8', JSON.stringify(sessionPageData(rendered)));
        return;
      }
      const base = `/api/session/${encodeURIComponent(id)}`;
      html(
        renderSessionDocument(session, rendered, {
          assets: { mode: 'served' },
          nav: navBar(),
          backHref: '/',
          live: { events: `${base}/events`, data: base },
        }),
      );
      return;
    }
    notFound(`Nothing at "${route}".`);
  }

  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {
        ...securityHeaders,
        allow: 'GET, HEAD',
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end('Method not allowed: this viewer is read-only.\n');
      return;
    }
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (options.allowedHosts && !options.allowedHosts.includes(host)) {
      res.writeHead(421, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Unexpected Host header.\n');
      return;
    }
    if (!fromItself(req)) {
      res.writeHead(403, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        'Another site asked for this: the viewer answers only its own pages and links opened in a tab.\n',
      );
      return;
    }
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`The viewer failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
}
