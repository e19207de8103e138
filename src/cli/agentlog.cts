#!/usr/bin/env node
/**
 * The `agentlog` command (package.json's `bin`). CommonJS, so that a status line call, a process Claude Code
 * starts for every refresh of its status line, runs from the status line's bundle (`statusline-bundle.cjs`)
 * without Node's ES module loader, compiled from V8's code cache of it (`statusline-bundle.v8cache`, made with
 * the bundle by `npm run build`); every other run is `main.js`'s (an ES module), as is a status line call when
 * there is no bundle (a build by `tsc` alone: `main.js` runs the status line's modules one by one).
 */
import fs = require('node:fs');
import path = require('node:path');
import url = require('node:url');

interface StatuslineBundle {
  runStatuslineProcess(argv: readonly string[]): Promise<void>;
}

const argv = process.argv.slice(2);
const bundle = path.join(__dirname, 'statusline-bundle.cjs');
if (argv[0] === 'statusline' && fs.existsSync(bundle)) void loadBundle(bundle).runStatuslineProcess(argv);
else void import('./main.js');

/**
 * The bundle as `require` would load it, compiled with its code cache when there is one. A script compiled
 * from a code cache cannot run `import()` itself: the bundle's imports go through `__agentlogImport`, given
 * here (relative to the bundle, like its own imports).
 */
function loadBundle(file: string): StatuslineBundle {
  let cachedData: Buffer;
  try {
    cachedData = fs.readFileSync(file.replace(/\.cjs$/, '.v8cache'));
  } catch {
    return require(file) as StatuslineBundle;
  }
  const dir = path.dirname(file);
  (globalThis as { __agentlogImport?: (specifier: string) => Promise<unknown> }).__agentlogImport = (
    specifier,
  ) => import(specifier.startsWith('.') ? url.pathToFileURL(path.resolve(dir, specifier)).href : specifier);
  const vm = require('node:vm') as typeof import('node:vm');
  const Module = require('node:module') as typeof import('node:module');
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} as StatuslineBundle };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    Module.createRequire(file),
    module,
    file,
    dir,
  );
  return module.exports;
}
