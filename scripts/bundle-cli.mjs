#!/usr/bin/env node
// Bundles the CLI into CommonJS files, which the bin (`cli/agentlog.cts`) loads instead of `dist/`'s ES modules
// (the two it runs with V8's code cache of each): no ES module loader, no module resolution, one file read, and
// almost nothing to compile. Run by `npm run build` after `tsc`.
// - `dist/cli/statusline-bundle.cjs`: `statusline-main.js` (the program with the status line command alone) and
//   its static imports, for `agentlog statusline`. Every dynamic `import()` (the index refresh, the readers and
//   schemas, the `--pricing` file's reader) stays one, of the module in `dist/`: it loads only when a call needs
//   it, so the bundle holds only what every call runs. Minified (225 KB to 100 KB), names too: a status line
//   prints no stack trace.
// - `dist/cli/main-bundle.cjs`: `bundled-main.js` (the whole program) with its dynamic imports inlined: a module
//   a dynamic import loads is still evaluated only when first imported (rolldown wraps it in an init function),
//   so a command runs the modules it ran from `dist/`, and each module exists once (its classes, its registries).
//   The bin runs the commands of `bundledCommands` from it. The packages only other commands use (the MCP SDK,
//   OpenTelemetry, secretlint, DuckDB, markdown-it) are left out. Minified without renaming: `--debug` stack
//   traces keep the functions' names.
// - `dist/cli/scan-worker-bundle.cjs` and `usage-cold-worker-bundle.cjs`: the worker threads the main bundle
//   starts, each with its imports inlined (`cli/worker-script.ts`).
// - `dist/cli/response-memo.cjs`: `response-memo.js`, which the bin reads before it loads a bundle (a report
//   command run again with nothing changed prints its memo and loads nothing else).
// What they leave out: better-sqlite3's native addon (its JavaScript is in the bundles: loading a dozen CommonJS
// files was 7 ms of a call) and Node's own modules.
// Paths a module finds beside itself (`new URL('./x', import.meta.url)`) are rewritten to be relative to the
// bundle, which lives elsewhere, and `import.meta.url` is the bundle's file URL. Commander's
// `node:child_process` (for executable subcommands, which agentlog has none of) is required when first used
// rather than at load: loading it costs a call milliseconds.
import { readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/cli');

/** `target`, a file, as a relative specifier from the bundle's folder. */
function fromBundle(target) {
  const relative = path.relative(outDir, target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

// The commands the bin runs from the main bundle: the other commands' modules stay out of it.
const { bundledCommands } = Module.createRequire(import.meta.url)('../dist/cli/bundled-commands.cjs');
const commandModule = /[/\\]cli[/\\]commands[/\\]([a-z]+)-command\.js$/;

/**
 * The plugin both bundles share. `inlineImports` says whether a relative dynamic import joins the bundle (for
 * the main bundle, except another command's module); a dynamic import that does not stays one, of the module in
 * dist/, named from the bundle.
 */
function agentlogPlugin(inlineImports) {
  return {
    name: 'agentlog-bundle',
    async resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.') || !importer) return null;
      const target = path.resolve(path.dirname(importer), specifier);
      const command = commandModule.exec(target)?.[1];
      const inline = inlineImports && (command === undefined || bundledCommands.includes(command));
      return inline ? null : { id: fromBundle(target), external: true };
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
    // Every `import()` left goes through `__agentlogImport`: V8 cannot run an `import()` of a script compiled
    // from a code cache in another process (Node 20 loses its loader), so the bin gives one of its own.
    renderChunk(code) {
      const routed = code.replace(/(?<![\w$.])import\(/g, '__agentlogImport(');
      return `const __agentlogImport = globalThis.__agentlogImport ?? ((specifier) => import(specifier));\n${routed}`;
    },
  };
}

// The index's schema version as a constant (see `schemaVersion`), from the modules just compiled.
const { schemaVersion } = await import(pathToFileURL(path.join(root, 'dist/cache/index-tables.js')).href);
// better-sqlite3's addon where `npm install` builds it, as the status line looks for it.
const { builtAddonPath } = await import(
  pathToFileURL(path.join(root, 'dist/sqlite/open-sqlite-database.js')).href
);

/**
 * Bundles `dist/cli/<input>` into `dist/cli/<output>` and writes V8's code cache of it beside it
 * (`<output>` with `.v8cache`).
 */
async function bundle({ input, output, inlineImports, external, minify, codeCache = true }) {
  const from = path.join(outDir, input);
  const outFile = path.join(outDir, output);
  await build({
    input: from,
    platform: 'node',
    transform: {
      define: {
        __AGENTLOG_SCHEMA_VERSION__: String(schemaVersion()),
        // better-sqlite3's addon, from the bundle's folder (checked at run time: another install layout resolves it).
        __AGENTLOG_SQLITE_ADDON__: JSON.stringify(
          fromBundle(builtAddonPath(Module.createRequire(from).resolve('better-sqlite3'))),
        ),
      },
    },
    external: [/^node:/, /\.node$/, ...external],
    plugins: [agentlogPlugin(inlineImports)],
    logLevel: 'warn',
    output: { file: outFile, format: 'cjs', codeSplitting: false, minify },
  });
  if (!codeCache) return;
  // V8's code cache of the bundle, compiled and its top level run once here (the functions that run at load are
  // in the cache too): the bin hands it to V8 with the bundle, which then skips most of the compiling. V8
  // refuses a cache of another V8 version or other flags, and then compiles as usual.
  const script = new vm.Script(Module.wrap(readFileSync(outFile, 'utf8')), { filename: outFile });
  const bundled = { exports: {} };
  script.runInThisContext()(bundled.exports, Module.createRequire(outFile), bundled, outFile, outDir);
  writeFileSync(outFile.replace(/\.cjs$/, '.v8cache'), script.createCachedData());
}

await bundle({
  input: 'statusline-main.js',
  output: 'statusline-bundle.cjs',
  inlineImports: false,
  external: [],
  minify: true,
});
await bundle({
  input: 'bundled-main.js',
  output: 'main-bundle.cjs',
  inlineImports: true,
  external: [/^@duckdb\//],
  minify: { compress: true, mangle: false },
});
// The worker threads the main bundle starts (`cli/worker-script.ts`): each its own bundle, required as it is (a
// worker's top level answers its parent, so it cannot run here to make a code cache).
for (const worker of ['scan-worker', 'usage-cold-worker'])
  await bundle({
    input: `${worker}.js`,
    output: `${worker}-bundle.cjs`,
    inlineImports: true,
    external: [/^@duckdb\//],
    minify: { compress: true, mangle: false },
    codeCache: false,
  });
await bundle({
  input: 'response-memo.js',
  output: 'response-memo.cjs',
  inlineImports: false,
  external: [],
  minify: true,
  codeCache: false,
});
