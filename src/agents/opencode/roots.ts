/**
 * Where OpenCode keeps its sessions (sst/opencode `packages/opencode/src/global/index.ts`: `xdg-basedir`'s
 * data folder + `opencode`): `$XDG_DATA_HOME/opencode` (default `~/.local/share/opencode`), holding the SQLite
 * store `opencode.db` (other release channels `opencode-<channel>.db`; `OPENCODE_DB` names another file) and,
 * from older releases, the JSON tree `storage/`. Kilo CLI keeps the same format in `$XDG_DATA_HOME/kilo`
 * (`kilo.db`). Each session (with its subagent sessions) is one ref, `store` set (see `SessionFileRef`).
 */
import os from 'node:os';
import path from 'node:path';
import {
  type AgentClassifier,
  type Classified,
  expandHome,
  fileRef,
  type RootSearch,
  type SessionFileRef,
  skipFile,
} from '../../sources/index.js';
import type { AgentRoots } from '../agent-adapter.js';
import { listDatabaseSessions } from './store-database.js';
import { listTreeSessions, type TreeSession, treeFamilies, treeWatermark } from './store-tree.js';

/** The data folders OpenCode and Kilo CLI write to, existing or not. */
export function opencodeDataDirs(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): string[] {
  const configured = env.XDG_DATA_HOME?.trim();
  // The XDG rule: a relative value is ignored.
  const usable = configured && (path.isAbsolute(configured) || configured.startsWith('~'));
  const data = usable ? expandHome(configured, home) : path.join(home, '.local', 'share');
  return [path.join(data, 'opencode'), path.join(data, 'kilo')];
}

/** `opencode.db`, `opencode-<channel>.db`, `kilo.db`. */
export function isStoreDatabaseName(name: string): boolean {
  return /^(opencode(-[\w.-]+)?|kilo)\.db$/.test(name);
}

/** The path of a database session: `<database>#<session id>`. */
export function databaseSessionPath(database: string, sessionId: string): string {
  return `${database}#${sessionId}`;
}

/** The database and session id of a database session path, when `file` is one. */
export function parseDatabaseSessionPath(file: string): { database: string; sessionId: string } | undefined {
  const match = /^(.+)#([^#/\\]+)$/.exec(file);
  if (!match?.[1] || !match[2]) return undefined;
  return { database: match[1], sessionId: match[2] };
}

/** A database becomes one ref per root session, with the rows and newest update of its sessions as watermark. */
export const classifyDatabase: AgentClassifier = async (file): Promise<Classified> => {
  let sessions: ReturnType<typeof listDatabaseSessions>;
  try {
    sessions = listDatabaseSessions(file.path);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return skipFile(file, `OpenCode database that could not be opened read-only (${why.slice(0, 160)})`);
  }
  if (sessions === undefined)
    return skipFile(file, 'SQLite file without OpenCode tables (session_v2 or session)');
  const refs = sessions.map(
    (s): SessionFileRef => ({
      path: databaseSessionPath(file.path, s.id),
      agent: 'opencode',
      role: 'session',
      sessionId: s.id,
      store: 'database',
      size: s.rows,
      mtimeMs: s.updated,
      identity: `opencode-db:${s.rows}:${s.updated}`,
    }),
  );
  return { refs };
};

/**
 * The classifier of one storage tree's session documents (made per discovery: it lists the tree once). A
 * root session becomes a ref whose watermark covers its documents and its subagents'; a subagent's own
 * document is read with its root and not listed.
 */
export function treeClassifier(): AgentClassifier {
  const scans = new Map<string, Map<string, TreeSession[]>>();
  return async (file, sessionDir): Promise<Classified> => {
    const storage = path.dirname(sessionDir);
    const relative = path.relative(sessionDir, file.path).split(path.sep);
    if (relative.length !== 2 || !file.path.endsWith('.json')) return { ignored: true };
    let families = scans.get(storage);
    if (!families) {
      families = treeFamilies(listTreeSessions(storage));
      scans.set(storage, families);
    }
    const family = families.get(file.path);
    if (!family) return { ignored: true };
    const mark = treeWatermark(storage, family);
    return {
      ref: {
        ...fileRef(file, 'opencode', 'session'),
        sessionId: family[0]?.id ?? path.basename(file.path, '.json'),
        store: 'tree',
        size: mark.size,
        mtimeMs: mark.mtimeMs,
        identity: `opencode-tree:${mark.count}`,
      },
    };
  };
}

function treePart(name: string): RootSearch['parts'][number] {
  const classify = treeClassifier();
  return {
    name,
    collect: (file) => file.endsWith('.json'),
    context: (dir) => ({ kind: 'agent', root: dir, classify }),
  };
}

function dataSearch(
  root: string,
  databaseName: (name: string) => boolean,
  kinds: readonly ('database' | 'tree')[] = ['database', 'tree'],
): RootSearch {
  const parts: RootSearch['parts'] = [];
  if (kinds.includes('database'))
    parts.push({
      name: '.',
      collect: databaseName,
      prune: () => true,
      context: (dir) => ({ kind: 'agent', root: dir, classify: classifyDatabase }),
    });
  if (kinds.includes('tree')) parts.push(treePart(path.join('storage', 'session')));
  return { agent: 'opencode', root, parts };
}

/** Role `roots.ts`: the data folders, the variables that move them and the database. */
export const opencodeRoots: AgentRoots = {
  variables: [
    {
      name: 'XDG_DATA_HOME',
      meaning:
        'The data folder OpenCode keeps `opencode/` in (`opencode.db`, older releases `storage/`), and Kilo CLI `kilo/`; default `~/.local/share`.',
    },
    {
      name: 'OPENCODE_DB',
      meaning:
        'Another OpenCode database file: an absolute path, or a name in the `opencode` data folder; default `opencode.db`.',
    },
  ],
  searches(env, home): RootSearch[] {
    const searches = opencodeDataDirs(env, home).map((root) => dataSearch(root, isStoreDatabaseName));
    const configured = env.OPENCODE_DB?.trim();
    if (configured) {
      const expanded = expandHome(configured, home);
      const file = path.isAbsolute(expanded)
        ? expanded
        : path.join(opencodeDataDirs(env, home)[0] ?? home, expanded);
      const name = path.basename(file);
      searches.push({
        agent: 'opencode',
        root: path.dirname(file),
        parts: [
          {
            name: '.',
            collect: (found) => found === name,
            prune: () => true,
            context: (dir) => ({ kind: 'agent', root: dir, classify: classifyDatabase }),
          },
        ],
      });
    }
    return searches;
  },
  searchesIn(probe): RootSearch[] {
    const out: RootSearch[] = [];
    if ([...probe.files].some(isStoreDatabaseName))
      out.push(dataSearch(probe.dir, isStoreDatabaseName, ['database']));
    if (path.basename(probe.dir).startsWith('storage') && probe.dirs.has('session'))
      out.push({
        agent: 'opencode',
        root: path.dirname(probe.dir),
        parts: [treePart(path.join(path.basename(probe.dir), 'session'))],
      });
    return out;
  },
};
