#!/usr/bin/env node
// Bundles `dist/cli/statusline-main.js` (the program with the status line command alone) and the modules it
// imports into one CommonJS file, `dist/cli/statusline-bundle.cjs`, which the bin (`cli/agentlog.cts`) loads
// for `agentlog statusline`: no ES module loader, no module resolution, one file read.
// Run by `npm run build` after `tsc`. What the bundle leaves out is loaded from `dist/` as before:
// - better-sqlite3's native addon (its JavaScript is in the bundle: loading a dozen CommonJS files was 7 ms of
//   a call; no module outside the bundle that a call loads tests its error class) and Node's own modules;
// - every dynamic `import()` (the index refresh, the readers and schemas, the `--pricing` file's reader): they
//   load only when a call needs them, from their modules in `dist/`, so the bundle holds only what every call
//   runs.
// Paths a module finds beside itself (`new URL('./x', import.meta.url)`) are rewritten to be relative to the
// bundle, which lives elsewhere, and `import.meta.url` is the bundle's file URL. Commander's
// `node:child_process` (for executable subcommands, which agentlog has none of) is required when first used
// rather than at load: loading it costs a status line call milliseconds.
// The bundle is minified (225 KB to 100 KB): V8 reads all of it when it loads it. A status line prints no stack
// trace, so names lost to the minifier are never seen.
import { readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/cli');
const input = path.join(outDir, 'statusline-main.js');
const outFile = path.join(outDir, 'statusline-bundle.cjs');

/** `target`, a file, as a relative specifier from the bundle's folder. */
function fromBundle(target) {
  const relative = path.relative(outDir, target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const keepOutOfBundle = {
  name: 'agentlog-statusline',
  // A dynamic import stays one: of the module in dist/, named from the bundle.
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string' || !specifier.startsWith('.') || !importer) return null;
    return { id: fromBundle(path.resolve(path.dirname(importer), specifier)), external: true };
  },
  transform(code, id) {
    if (id.endsWith(path.join('commander', 'lib', 'command.js'))) {
      const eager = "const childProcess = require('node:child_process');";
      if (!code.includes(eager)) throw new Error(`${id} no longer requires node:child_process as expected`);
      const lazy =
        "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { code: code.replace(eager, lazy) };
    }
    const relocated = id.startsWith(path.join(root, 'dist'))
      ? code.replace(
          /new URL\((['"])(\.{1,2}\/[^'"]+)\1, import\.meta\.url\)/g,
          (_, quote, specifier) =>
            `new URL(${quote}${fromBundle(path.resolve(path.dirname(id), specifier))}${quote}, import.meta.url)`,
        )
      : code;
    // CommonJS output: the module's URL is the bundle's.
    const rewritten = relocated.replaceAll(
      'import.meta.url',
      "require('node:url').pathToFileURL(__filename).href",
    );
    return rewritten === code ? null : { code: rewritten };
  },
  // Every `import()` goes through `__agentlogImport`: V8 cannot run an `import()` of a script compiled from a
  // code cache in another process (Node 20 loses its loader), so the bin gives one of its own (below).
  renderChunk(code) {
    const routed = code.replace(/(?<![\w$.])import\(/g, '__agentlogImport(');
    return `const __agentlogImport = globalThis.__agentlogImport ?? ((specifier) => import(specifier));\n${routed}`;
  },
};

// The index's schema version as a constant (see `schemaVersion`), from the modules just compiled.
const { schemaVersion } = await import(pathToFileURL(path.join(root, 'dist/cache/index-tables.js')).href);
// better-sqlite3's addon where `npm install` builds it, as the status line looks for it.
const { builtAddonPath } = await import(pathToFileURL(path.join(root, 'dist/cache/sqlite-database.js')).href);

await build({
  input,
  platform: 'node',
  transform: {
    define: {
      __AGENTLOG_SCHEMA_VERSION__: String(schemaVersion()),
      // better-sqlite3's addon, from the bundle's folder (checked at run time: another install layout resolves it).
      __AGENTLOG_SQLITE_ADDON__: JSON.stringify(
        fromBundle(builtAddonPath(Module.createRequire(input).resolve('better-sqlite3'))),
      ),
    },
  },
  external: [/^node:/, /\.node$/],
  plugins: [keepOutOfBundle],
  logLevel: 'warn',
  output: { file: outFile, format: 'cjs', codeSplitting: false, minify: true },
});

// V8's code cache of the bundle, compiled and its top level run once here (the functions that run at load are
// in the cache too): the bin hands it to V8 with the bundle, which then skips most of the compiling, about 4 ms
// of every call. V8 refuses a cache of another V8 version or other flags, and then compiles as usual.
const script = new vm.Script(Module.wrap(readFileSync(outFile, 'utf8')), { filename: outFile });
const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, Module.createRequire(outFile), bundled, outFile, outDir);
writeFileSync(outFile.replace(/\.cjs$/, '.v8cache'), script.createCachedData());
