import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { SearchStatement } from '../../cache/search-index.js';

/**
 * The served viewer's searches run in child processes, each with its own read-only connection to the
 * index: a costly query never blocks the server, and one that runs past its time budget is killed. (A
 * worker thread would not do: `terminate()` waits for SQLite's native call to return, which for a query
 * with many prefix terms takes minutes.)
 */
export interface SearchProcesses {
  /** The statement's rows; a {@link SearchTooExpensiveError} past the budget, {@link SearchBusyError} when too many wait. */
  run(statement: SearchStatement): Promise<unknown[]>;
  /** Stops every process. */
  close(): void;
}

export interface SearchProcessOptions {
  /** The index's database file (opened read-only). */
  dbFile: string;
  /** Time a query may run before its process is killed (default 5 s). */
  budgetMs?: number;
  /** Queries run at once (default 2). */
  maxRunning?: number;
  /** Queries that may wait for a free process; more are refused (default 8). */
  maxWaiting?: number;
}

/** A query ran past its time budget and was stopped. */
export class SearchTooExpensiveError extends Error {
  constructor(budgetMs: number) {
    super(
      `This search took more than ${budgetMs / 1000} s and was stopped: narrow it (longer words, fewer words ending in *).`,
    );
    this.name = 'SearchTooExpensiveError';
  }
}

/** Too many searches are running or waiting. */
export class SearchBusyError extends Error {
  constructor() {
    super('Too many searches are running; try again in a few seconds.');
    this.name = 'SearchBusyError';
  }
}

/** The child: opens the index read-only, answers each statement with its rows or an error message. */
const childScript = `
const [sqlite, file] = JSON.parse(process.env.AGENTLOG_SEARCH_CHILD);
const Database = require(sqlite);
const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
process.on('message', (m) => {
  try { process.send({ rows: db.prepare(m.sql).all(m.params) }); }
  catch (e) { process.send({ error: e instanceof Error ? e.message : String(e) }); }
});
process.on('disconnect', () => process.exit(0));
`;

type Reply = { rows: unknown[] } | { error: string };

export function createSearchProcesses(options: SearchProcessOptions): SearchProcesses {
  const budgetMs = options.budgetMs ?? 5000;
  const maxRunning = options.maxRunning ?? 2;
  const maxWaiting = options.maxWaiting ?? 8;
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const idle: ChildProcess[] = [];
  const all = new Set<ChildProcess>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let closed = false;

  const start = (): ChildProcess => {
    const child = spawn(process.execPath, ['-e', childScript], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { ...process.env, AGENTLOG_SEARCH_CHILD: JSON.stringify([sqlite, options.dbFile]) },
    });
    all.add(child);
    child.once('exit', () => {
      all.delete(child);
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
    });
    child.on('error', () => child.kill('SIGKILL'));
    return child;
  };
  const park = (child: ChildProcess) => {
    if (closed || idle.length >= 1 || child.exitCode !== null) {
      child.kill('SIGKILL');
      return;
    }
    child.unref();
    child.channel?.unref();
    idle.push(child);
  };

  const ask = (child: ChildProcess, statement: SearchStatement) =>
    new Promise<unknown[]>((resolve, reject) => {
      child.ref();
      child.channel?.ref();
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        done();
        park(child);
        if ('rows' in reply) resolve(reply.rows);
        else reject(new Error(reply.error));
      };
      const onExit = () => {
        done();
        reject(new Error('The search process stopped unexpectedly.'));
      };
      const timer = setTimeout(() => {
        done();
        child.kill('SIGKILL');
        reject(new SearchTooExpensiveError(budgetMs));
      }, budgetMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ sql: statement.sql, params: statement.params });
    });

  return {
    async run(statement) {
      if (closed) throw new Error('The search processes are closed.');
      if (running >= maxRunning) {
        if (waiting.length >= maxWaiting) throw new SearchBusyError();
        // A finishing query hands its slot over: `running` stays as it is.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running += 1;
      try {
        return await ask(idle.pop() ?? start(), statement);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    close() {
      closed = true;
      for (const child of all) child.kill('SIGKILL');
      idle.length = 0;
    },
  };
}
