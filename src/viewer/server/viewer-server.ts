import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { allSessions } from '../../analytics/all-calls.js';
import { type SessionState, sessionState, sessionStates } from '../../analytics/session-state.js';
import { allCalls } from '../../analytics/session-summary.js';
import { computeToolInventory } from '../../analytics/tool-inventory.js';
import { computeUsage, type Pricer } from '../../analytics/usage-report.js';
import type { Session } from '../../model/session.js';
import { dashboardClientJs } from '../assets/dashboard-client.js';
import { sessionClientJs } from '../assets/session-client.js';
import { viewerCss } from '../assets/viewer-css.js';
import { escapeHtml } from '../escape-html.js';
import { listingOf, type SessionListing } from '../index-page.js';
import { lastWriteMs } from '../last-write.js';
import { matchesListFilters, parseListFilters } from '../list-filters.js';
import { renderPage } from '../page-shell.js';
import { renderSession, sessionTotals } from '../render-session.js';
import { renderSessionDocument, sessionPageData } from '../session-page.js';
import { sessionOfFile, sessionRouteIds } from '../session-route-ids.js';
import {
  navBar,
  renderDashboardPage,
  renderListPage,
  renderSearchPage,
  type SearchHitView,
} from './viewer-pages.js';

/** A full-text hit as the viewer needs it (the index's `SearchHit`). */
export interface ViewerSearchHit {
  sessionId: string;
  subSessionId: string;
  /** The file the text was read from: tells apart sessions that share an id. */
  file?: string;
  timestamp: string | null;
  source: string;
  kind: string;
  refId: string;
  snippet: string;
}

/** Where the viewer's data comes from (the CLI builds it over the index). */
export interface ViewerSource {
  /** Top-level sessions, newest first; the index's report models are enough. Called on every list request. */
  sessions(): Promise<Session[]>;
  /** The full session (texts, inputs, results) of a top-level session, or undefined. */
  session(id: string): Promise<Session | undefined>;
  /**
   * Full-text search in these sessions, `page.limit` hits from `page.offset`. Throws a
   * {@link ViewerSearchError} (its message for the user) on a query it will not run.
   */
  search(
    query: string,
    sessionIds: readonly string[],
    page: { offset: number; limit: number },
  ): Promise<ViewerSearchHit[]>;
  /** Marks around hits in snippets. */
  searchMarks: [string, string];
  price: Pricer;
  /** The time zone of the dashboard's days and of the list's date filters (IANA name; UTC unless given). */
  timeZone?: string;
}

export interface ViewerServerOptions {
  /** How often a followed session's files are checked for new bytes (default 500 ms). */
  pollMs?: number;
  /** Host names accepted in the `Host` header (DNS rebinding guard); undefined accepts any. */
  allowedHosts?: readonly string[];
}

/** A search the source will not run or could not finish: its message is for the user, with an HTTP status. */
export class ViewerSearchError extends Error {
  constructor(
    message: string,
    /** 400: a query beyond the bounds; 503: too expensive or too many at once. */
    readonly status: 400 | 503,
  ) {
    super(message);
    this.name = 'ViewerSearchError';
  }
}

/** Search hits per page, and the pages one can go through. */
export const searchPageSize = 100;
export const maxSearchPages = 10;

/** The policy of every served page: scripts only from this server (never inline), no other host at all. */
export const servedPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = {
  'content-security-policy': servedPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

function chartJsSource(): string {
  // The package's exports do not list the UMD build: it sits beside the CommonJS entry.
  const entry = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(path.join(path.dirname(entry), 'chart.umd.js'), 'utf8');
}

/**
 * The `serve` web app: a read-only HTTP server (GET and HEAD only) over a {@link ViewerSource}: the session
 * list with filters (`/`), a session's page (`/session/<id>`, followed live over server-sent events), search
 * (`/search?q=`), and the dashboard (`/dashboard`). Every response carries {@link servedPolicy}.
 */
export function createViewerServer(source: ViewerSource, options: ViewerServerOptions = {}): Server {
  const pollMs = options.pollMs ?? 500;
  let chartJs: string | undefined;
  const assets: Record<string, () => [string, string]> = {
    '/assets/viewer.css': () => ['text/css; charset=utf-8', viewerCss],
    '/assets/session.js': () => ['text/javascript; charset=utf-8', sessionClientJs],
    '/assets/dashboard.js': () => ['text/javascript; charset=utf-8', dashboardClientJs],
    '/assets/chart.umd.js': () => {
      chartJs ??= chartJsSource();
      return ['text/javascript; charset=utf-8', chartJs];
    },
  };

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
        follow(req, res, session, pollMs);
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

/**
 * Whether a browser sent the request for this viewer's own pages, or as a top-level navigation (a link
 * opened from elsewhere). Requests another site's page makes in the background (an image, a script, a
 * fetch) carry `Sec-Fetch-Site: cross-site` and are refused; clients that send no such header (curl,
 * older browsers) are let through.
 */
function fromItself(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return true;
  return (
    req.headers['sec-fetch-mode'] === 'navigate' &&
    (req.headers['sec-fetch-dest'] ?? 'document') === 'document'
  );
}

/** Sizes and modification times of a session tree's files: when it changes, the session grew. */
function signature(session: Session): string {
  const parts: string[] = [];
  for (const s of allSessions([session]))
    for (const file of s.files) {
      try {
        const st = statSync(file);
        parts.push(`${file}:${st.size}:${st.mtimeMs}`);
      } catch {
        parts.push(`${file}:gone`);
      }
    }
  return parts.join('|');
}

/** Server-sent events: `update` whenever the session's files change (checked every `pollMs`). */
function follow(req: IncomingMessage, res: ServerResponse, session: Session, pollMs: number): void {
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
  });
  res.write('retry: 1000\n\n');
  let last = signature(session);
  let beats = 0;
  const timer = setInterval(() => {
    const now = signature(session);
    if (now !== last) {
      last = now;
      res.write(`event: update\ndata: ${Date.now()}\n\n`);
    } else if (++beats * pollMs >= 15_000) {
      beats = 0;
      res.write(': keep-alive\n\n');
    }
  }, pollMs);
  const stop = () => clearInterval(timer);
  req.on('close', stop);
  res.on('error', stop);
}
