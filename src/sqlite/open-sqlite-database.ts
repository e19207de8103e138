// Opens an SQLite database with better-sqlite3 given its native addon's path. Every database agentlog opens in
// the main process goes through here (the index, the archive's catalogue, OpenCode's and Cursor's stores): from
// a bundle (scripts/bundle-cli.mjs), better-sqlite3's own search (the `bindings` package: a stack walk from its
// caller's file up to a package.json, then a dozen file probes) starts from the bundle and finds no addon; from
// `dist/` it costs milliseconds of every status line call. Where the addon is not at its usual place (another
// build layout), `bindings` finds it as before.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

let addon: string | null | undefined;

/**
 * The addon's path relative to the status line's bundle, found when the bundle was built
 * (`scripts/bundle-cli.mjs`): a status line call then resolves no module for it.
 */
declare const __AGENTLOG_SQLITE_ADDON__: string | undefined;

/** The path of better-sqlite3's compiled addon, when it is where `npm install` builds it. */
function addonPath(): string | null {
  if (addon === undefined && typeof __AGENTLOG_SQLITE_ADDON__ === 'string') {
    const beside = fileURLToPath(new URL(__AGENTLOG_SQLITE_ADDON__, import.meta.url));
    if (existsSync(beside)) addon = beside;
  }
  if (addon === undefined) {
    try {
      const built = builtAddonPath(createRequire(import.meta.url).resolve('better-sqlite3'));
      addon = existsSync(built) ? built : null;
    } catch {
      addon = null;
    }
  }
  return addon;
}

/** Where `npm install` builds better-sqlite3's addon, given the path its package's main module resolves to. */
export function builtAddonPath(main: string): string {
  return path.join(path.dirname(main), '..', 'build', 'Release', 'better_sqlite3.node');
}

/** `new Database(file, options)`, with the addon's path when it is known (`file` a path or a serialized database). */
export function openSqliteDatabase(file: string | Buffer, options: Database.Options = {}): Database.Database {
  const nativeBinding = addonPath();
  return new Database(file, nativeBinding === null ? options : { ...options, nativeBinding });
}
