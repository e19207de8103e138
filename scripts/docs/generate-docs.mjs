#!/usr/bin/env node
// Generates the reference docs from the registry (`npm run docs` builds the package first, then runs this):
//   docs/0*.md, README  generated regions of the hand-written chapters, rendered again
//   docs/tools/**       one page per tool, the index, the version matrix, the inventory
//   docs/agents/**      a format chapter per agent read through its own adapter (src/agents/), from its schemas
//   docs/mcp.md         the MCP server and its tools, from their schemas
//   schemas/**          JSON Schema of every tool input and result and every record type
//   docs/api/**         TypeScript API docs (TypeDoc, HTML)
// The output depends only on the repository (and the committed examples file), never on the clock.
//
// Usage: node scripts/docs/generate-docs.mjs [--out DIR] [--dist DIR] [--no-api] [--refresh-examples CORPUS]
//   --out DIR               write into DIR instead of the repository (the docs test compares the two)
//   --dist DIR              read the package from this build instead of dist/
//   --no-api                skip the TypeDoc run
//   --refresh-examples DIR  take the examples again from a corpus of real logs (e.g. ../shared/corpus)

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { agentPages } from './agent-pages.mjs';
import { writeApiDocs } from './api-docs.mjs';
import { extractExamples } from './examples.mjs';
import { formatWithBiome } from './format-with-biome.mjs';
import { loadLibrary } from './load-library.mjs';
import { byText, formatJsonFile } from './markdown.mjs';
import { mcpPage, mcpPagePath } from './mcp-page.mjs';
import { schemaFiles, schemasReadme } from './schema-files.mjs';
import { fillTemplate } from './templates.mjs';
import { claudeToolPage, codexToolPage, toolPagePath } from './tool-pages.mjs';
import { toolsReadme } from './tools-readme.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const examplesFile = path.join(repoRoot, 'scripts/docs/corpus-examples.json');
/** Folders the generator owns completely: files it no longer produces are removed. */
const ownedFolders = ['docs/tools', 'docs/agents', 'schemas'];

async function demoInventory(lib) {
  const demo = path.join(repoRoot, 'demo');
  if (!existsSync(demo)) return undefined;
  const { sessions } = await lib.listSessions({ paths: [demo] });
  const rows = lib.computeToolInventory(sessions, { describe: lib.describeTool });
  return lib.renderToolsMarkdown(rows);
}

/** Every generated file: path relative to the repository root → text. */
async function generate(lib, examples) {
  const ctx = { lib, examples };
  const files = new Map(schemaFiles(lib));
  files.set('schemas/README.md', schemasReadme(lib));
  const rows = new Map(lib.toolVersionMatrix().map((row) => [row.name, row]));
  const codexRows = new Map(lib.toolVersionMatrix({ tools: lib.codexTools }).map((row) => [row.name, row]));
  for (const name of Object.keys(lib.claudeCodeTools))
    files.set(toolPagePath('claude-code', name), claudeToolPage(ctx, name, rows.get(name)));
  files.set(toolPagePath('claude-code', 'mcp__*'), claudeToolPage(ctx, 'mcp__*', undefined));
  for (const name of Object.keys(lib.codexTools))
    files.set(toolPagePath('codex', name), codexToolPage(ctx, name, codexRows.get(name)));
  agentPages(lib, files);
  files.set('docs/tools/README.md', toolsReadme(ctx, await demoInventory(lib)));
  files.set(mcpPagePath, mcpPage(lib));
  const docsDir = path.join(repoRoot, 'docs');
  const chapters = existsSync(docsDir)
    ? readdirSync(docsDir).filter((f) => /^(\d\d-.*|README)\.md$/.test(f))
    : [];
  for (const chapter of chapters.sort(byText)) {
    const page = `docs/${chapter}`;
    files.set(page, fillTemplate(ctx, page, readFileSync(path.join(repoRoot, page), 'utf8')));
  }
  return files;
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the files under `outRoot`, leaving unchanged files alone and removing stale ones in owned folders. */
function writeTree(outRoot, files) {
  const wanted = new Set([...files.keys()].map((file) => path.join(outRoot, file)));
  for (const folder of ownedFolders)
    for (const file of listFiles(path.join(outRoot, folder))) if (!wanted.has(file)) rmSync(file);
  let written = 0;
  for (const [file, text] of files) {
    const target = path.join(outRoot, file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    written++;
  }
  return written;
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      dist: { type: 'string' },
      'no-api': { type: 'boolean', default: false },
      'refresh-examples': { type: 'string' },
    },
  });
  const outRoot = path.resolve(values.out ?? repoRoot);
  const lib = await loadLibrary(path.resolve(values.dist ?? path.join(repoRoot, 'dist')));
  if (values['refresh-examples'] !== undefined) {
    const examples = await extractExamples(lib, path.resolve(values['refresh-examples']));
    writeFileSync(examplesFile, formatJsonFile(examples));
    console.log(
      `Examples taken from ${examples.files} corpus files into ${path.relative(repoRoot, examplesFile)}.`,
    );
  }
  const examples = JSON.parse(readFileSync(examplesFile, 'utf8'));
  const files = formatWithBiome(repoRoot, await generate(lib, examples));
  const written = writeTree(outRoot, files);
  console.log(`Docs: ${files.size} files generated, ${written} written to ${outRoot}.`);
  if (!values['no-api']) {
    await writeApiDocs(repoRoot, path.join(outRoot, 'docs/api'));
    console.log('API docs written to docs/api/.');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
