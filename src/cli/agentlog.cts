#!/usr/bin/env node
/**
 * The `agentlog` command (package.json's `bin`). CommonJS, so that it can run the program from a bundle
 * (scripts/bundle-cli.mjs, made by `npm run build`) compiled from V8's code cache of it, without Node's ES
 * module loader:
 * - a status line call (a process Claude Code starts for every refresh of its status line) from the status
 *   line's bundle, `statusline-bundle.cjs`;
 * - the commands of `bundled-commands.cts`, the ones a user runs most and waits for, from the program's bundle,
 *   `main-bundle.cjs`; a report command whose response memo is valid (`response-memo.ts`, bundled as `response-memo.cjs`) prints it instead;
 * - anything else from `main.js` (an ES module, whose modules load one by one as they are needed): `--version`
 *   (which loads nothing else there), the long-running and the rarer commands, a command line that starts
 *   with an option, a build by `tsc` alone (no bundles), and any run with `AGENTLOG_NO_BUNDLE=1` (the tests
 *   that trace which modules a command loads).
 */
import fs = require('node:fs');
import path = require('node:path');
import url = require('node:url');

interface StatuslineBundle {
  runStatuslineProcess(argv: readonly string[]): Promise<void>;
}

interface MainBundle {
  runMainProcess(argv: readonly string[], memo?: MemoPlace): Promise<void>;
}

type ResponseMemo = typeof import('./response-memo.js');
type MemoPlace = import('./response-memo.js').MemoPlace;

const argv = process.argv.slice(2);
const command = argv[0];
const bundles = process.env.AGENTLOG_NO_BUNDLE !== '1';
if (bundles && command === 'statusline' && isFresh('statusline-bundle.cjs', 'statusline-main.js'))
  void loadBundle<StatuslineBundle>(path.join(__dirname, 'statusline-bundle.cjs')).runStatuslineProcess(argv);
else if (
  bundles &&
  command !== undefined &&
  isBundled(command) &&
  isFresh('main-bundle.cjs', 'bundled-main.js')
) {
  // A report command run again with nothing changed prints its response memo, and loads nothing more.
  const bundle = path.join(__dirname, 'main-bundle.cjs');
  const memo = require('./response-memo.cjs') as ResponseMemo;
  const place = memo.memoPlaceOf(argv, bundle);
  if (place === undefined || !memo.replayMemo(place))
    void loadBundle<MainBundle>(bundle).runMainProcess(argv, place);
} else void import('./main.js');

/** Whether `command` runs from the main bundle (the list is read only for a command that might). */
function isBundled(command: string): boolean {
  const { bundledCommands } = require('./bundled-commands.cjs') as typeof import('./bundled-commands.cjs');
  return bundledCommands.includes(command);
}

/**
 * Whether the bundle `name` exists and can be run. In a checkout (the sources beside `dist/`), a bundle older than
 * its entry module is stale: a `tsc` alone writes every module again, not the bundles, and the modules run
 * instead of a bundle of older code. An installed package is one build, whatever times its files were given
 * when npm unpacked them.
 */
function isFresh(name: string, entry: string): boolean {
  const bundle = fs.statSync(path.join(__dirname, name), { throwIfNoEntry: false });
  if (bundle === undefined) return false;
  if (!fs.existsSync(path.join(__dirname, '..', '..', 'src'))) return true;
  const module = fs.statSync(path.join(__dirname, entry), { throwIfNoEntry: false });
  return module === undefined || bundle.mtimeMs >= module.mtimeMs;
}

/**
 * The bundle as `require` would load it, compiled with its code cache when there is one. A script compiled
 * from a code cache cannot run `import()` itself: the bundle's imports go through `__agentlogImport`, given
 * here (relative to the bundle, like its own imports).
 */
function loadBundle<T>(file: string): T {
  let cachedData: Buffer;
  try {
    cachedData = fs.readFileSync(file.replace(/\.cjs$/, '.v8cache'));
  } catch {
    return require(file) as T;
  }
  const dir = path.dirname(file);
  (globalThis as { __agentlogImport?: (specifier: string) => Promise<unknown> }).__agentlogImport = (
    specifier,
  ) => import(specifier.startsWith('.') ? url.pathToFileURL(path.resolve(dir, specifier)).href : specifier);
  const vm = require('node:vm') as typeof import('node:vm');
  const Module = require('node:module') as typeof import('node:module');
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    Module.createRequire(file),
    module,
    file,
    dir,
  );
  return module.exports;
}
