import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Command } from 'commander';
import { refreshIndex } from '../../cache/refresh-index.js';
import { QueryError } from '../../cache/run-query.js';
import {
  defaultSearchLimits,
  hitEnd,
  hitStart,
  type SearchHit,
  type SearchLimits,
  searchFailure,
  searchStatement,
} from '../../cache/search-index.js';
import { snippetAround } from '../../cache/snippet-around.js';
import { holdsConversation } from '../../lifecycle/holds-conversation.js';
import { loadSessions, matchesFilter } from '../../lifecycle/load-sessions.js';
import { readRecordSlice } from '../../lifecycle/read-record-slice.js';
import { allSessions } from '../../model/all-sessions.js';
import type { Session } from '../../model/session.js';
import type { SessionFileRef } from '../../sources/index.js';
import {
  createSearchProcesses,
  SearchBusyError,
  SearchTooExpensiveError,
} from '../../viewer/server/search-processes.js';
import { createViewerServer } from '../../viewer/server/viewer-server.js';
import { ViewerSearchError, type ViewerSource } from '../../viewer/server/viewer-source.js';
import { findByRouteId, sessionOfFile, sessionRouteIds } from '../../viewer/session-route-ids.js';
import { archiveScanAsked } from '../archive-source.js';
import { CliError } from '../cli-error.js';
import { addFilterOptions, parseFilter } from '../filter-options.js';
import { addCacheOptions, type DataFlags, loadIndexed } from '../load-data.js';
import { colorsFor, type Io, writeLine } from '../output.js';
import { parseCount } from '../parse-count.js';
import { createPricer, offlineHelp } from '../pricer.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';
import { parseTimeZone } from '../time-zone-option.js';
import { trackFiles } from '../track-files.js';

export interface ServeFlags extends DataFlags, RedactFlags {
  port: string;
  host: string;
  open?: boolean;
  pricing?: string;
  offline?: boolean;
}

/** What tests may change of how searches are bounded (not command-line options). */
export interface SearchBounds {
  limits?: SearchLimits;
  /** Time one search may run (default 5 s). */
  budgetMs?: number;
}

/** A running viewer: its address and how to stop it. */
export interface RunningViewer {
  url: string;
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '::1']);
/** Sessions are refreshed from the index at most this often (the known files stated again each time); new files are discovered at most every 5 s. */
const refreshMs = 1000;
const discoverMs = 5000;

/** `agentlog serve`: the local, read-only web viewer over the index. */
export function registerServeCommand(program: Command, io: Io): void {
  addRedactOptions(
    addCacheOptions(
      addFilterOptions(
        program
          .command('serve')
          .description('A local, read-only web viewer: sessions, search, dashboard, live sessions')
          .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
          .option('--port <n>', 'port to listen on (0: any free port)', '4777')
          .option(
            '--host <address>',
            'address to bind (anything but 127.0.0.1 exposes your logs)',
            '127.0.0.1',
          )
          .option('--open', 'open the viewer in the default browser')
          .option('--pricing <file>', 'prices to use for costs (JSON; see README "Cost")')
          .option('--offline', offlineHelp)
          .option('--demo', 'serve the demo sessions shipped with agentlog'),
      ).option('--archive', 'archive the files at each scan (new and grown ones; see agentlog archive)'),
    ),
  ).action(async (paths: string[], flags: ServeFlags, command: Command) => {
    flags.archiveScan = archiveScanAsked(command);
    const viewer = await startViewer(paths, flags, io);
    writeLine(io, `agentlog viewer on ${viewer.url} (read-only; Ctrl-C to stop)`);
    if (flags.open) openBrowser(viewer.url, io);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await viewer.close();
  });
}

/** Starts the viewer (the `serve` command without waiting for a signal; tests use it). */
export async function startViewer(
  paths: readonly string[],
  flags: ServeFlags,
  io: Io,
  bounds: SearchBounds = {},
): Promise<RunningViewer> {
  const port = parseCount(flags.port, '--port', 0, 65535);
  const host = flags.host;
  const colors = colorsFor(io, 'stderr');
  if (!loopback.has(host))
    io.stderr.write(
      `${colors.yellow('warning')}: Listening on "${host}": anyone who can reach this address can read your sessions.\n`,
    );
  const price = await createPricer(flags, io);
  const filter = parseFilter(flags);
  const timeZone = parseTimeZone(flags.timezone);
  // With --redact, every text the viewer shows is redacted first: session pages, titles in lists, search snippets.
  const redactor = await redactorFor(flags, io);
  const data = await loadIndexed(paths, flags, io);
  const { index } = data;
  const redactTitles = async (list: Session[]): Promise<Session[]> => {
    if (!redactor) return list;
    for (const s of list) if (s.title !== undefined) s.title = await redactor.redactText(s.title);
    return list;
  };
  let files: SessionFileRef[] = data.files;
  let sessions: Session[] = await redactTitles(data.sessions);
  let refreshedAt = Date.now();
  let pending: Promise<Session[]> | undefined;
  const roots = data.searched.map((p) => path.resolve(io.cwd, p));
  const tracker = trackFiles(data, paths, flags, io, discoverMs);

  const refresh = async (): Promise<Session[]> => {
    files = await tracker.current();
    const result = await refreshIndex(index, {
      refs: files,
      roots,
      readSlice: readRecordSlice,
      search: true,
    });
    refreshedAt = Date.now();
    sessions = await redactTitles(
      result.sessions.filter((s) => holdsConversation(s) && matchesFilter(s, filter)),
    );
    sessions.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
    return sessions;
  };

  const searches = createSearchProcesses({
    dbFile: index.db.name,
    ...(bounds.budgetMs === undefined ? {} : { budgetMs: bounds.budgetMs }),
  });
  const full = new Map<string, { key: string; session: Session }>();
  const source: ViewerSource = {
    sessions: async () => {
      if (Date.now() - refreshedAt < refreshMs) return sessions;
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    session: async (id) => {
      const listed = findByRouteId(await source.sessions(), id);
      if (!listed) return undefined;
      const treeFiles = new Set([...allSessions([listed])].flatMap((s) => s.files));
      const refs = files.filter((f) => treeFiles.has(f.path));
      const key = refs.map((r) => `${r.path}:${fileStamp(r.path)}`).join('|');
      const cached = full.get(id);
      if (cached && cached.key === key) return cached.session;
      const found = (await loadSessions(refs)).find(
        (s) => s.id === listed.id && s.files[0] === listed.files[0],
      );
      const loaded = found && redactor ? await redactor.redact(found) : found;
      if (loaded) full.set(id, { key, session: loaded });
      return loaded;
    },
    search: async (query, ids, page) => {
      await source.sessions();
      // Bounded (any web page can make a browser send a query) and run in another process with a time budget.
      const options = { rootSessionIds: ids, ...page, limits: bounds.limits ?? defaultSearchLimits };
      let hits: SearchHit[];
      try {
        hits = (await searches.run(searchStatement(query, options))) as SearchHit[];
      } catch (error) {
        if (error instanceof QueryError) throw new ViewerSearchError(error.message, 400);
        if (error instanceof SearchTooExpensiveError || error instanceof SearchBusyError)
          throw new ViewerSearchError(error.message, 503);
        // SQLite refused the statement (a query that is not text, a NUL in it): the user's query, so 400.
        throw new ViewerSearchError(searchFailure(query, options, error).message, 400);
      }
      if (!redactor) return hits;
      // A snippet of the index is cut from the raw text, possibly through a secret (a key without its
      // header is no longer recognised): with --redact, snippets are cut again from the redacted session.
      for (const hit of hits) hit.snippet = await redactedSnippet(hit, query);
      return hits;
    },
    searchMarks: [hitStart, hitEnd],
    price,
    timeZone,
  };

  /** The hit's text taken from the redacted session, cut around the first query word, words marked. */
  const redactedSnippet = async (
    hit: { sessionId: string; subSessionId: string; source: string; refId: string; file: string },
    query: string,
  ): Promise<string> => {
    // The session of the hit's own file, where several share its id.
    const listed = await source.sessions();
    const owner = sessionOfFile(listed, hit.sessionId, hit.file);
    const root = await source.session((owner && sessionRouteIds(listed).get(owner)) ?? hit.sessionId);
    let text = '';
    for (const s of root ? allSessions([root]) : []) {
      if (hit.source === 'tool_input' || hit.source === 'tool_result') {
        const call = s.toolCalls.find((c) => c.id === hit.refId);
        if (call)
          text =
            hit.source === 'tool_result' ? (call.result?.text ?? '') : (JSON.stringify(call.input) ?? '');
      } else {
        const message = s.messages.find((m) => m.id === hit.refId);
        if (message)
          text = message.parts
            .map((p) => (p.type === 'text' || p.type === 'thinking' ? p.text : ''))
            .join('\n');
      }
      if (text) break;
    }
    return snippetAround(text, query);
  };

  const server = createViewerServer(source, loopback.has(host) ? { allowedHosts: [...loopback] } : {});
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    searches.close();
    index.db.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      code === 'EADDRINUSE'
        ? `Port ${port} on "${host}" is in use; choose another with --port (0 picks a free one).`
        : `Cannot listen on "${host}" port ${port}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/`,
    close: async () => {
      if (redactor) printRedactionSummary(redactor, io);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      searches.close();
      index.db.close();
    },
  };
}

function fileStamp(file: string): string {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

function openBrowser(url: string, io: Io): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => io.stderr.write(`Could not open a browser; open ${url} yourself.\n`));
    child.unref();
  } catch {
    io.stderr.write(`Could not open a browser; open ${url} yourself.\n`);
  }
}
