import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../src/agents/claude-code/tools/index.js';
import { codexTools } from '../src/agents/codex/tools/registry.js';
import { type BuiltPackage, buildPackage, demoEnvironment, run } from './docs/build-package.js';
import {
  docsBlocks,
  docsMarkdownFiles,
  fencedBlocks,
  relativeLinks,
  repoRoot,
} from './docs/markdown-blocks.js';
import { validateExample } from './docs/validate-example.js';

const slow = 300_000;

function listTree(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** TypeDoc's search and navigation data is zlib-compressed: bytes may differ between zlib builds. */
function comparedByContent(file: string): boolean {
  return !/^docs\/api\/assets\/(search|navigation|hierarchy)\.js$/.test(file);
}

let pkg: BuiltPackage;
let scratch: string;
let demoEnv: NodeJS.ProcessEnv | undefined;

beforeAll(() => {
  pkg = buildPackage();
  scratch = mkdtempSync(path.join(pkg.dir, 'scratch-'));
  if (pkg.hasDemo) demoEnv = demoEnvironment(pkg, path.join(scratch, 'home'));
}, slow);

afterAll(() => pkg?.cleanup());

describe('generated docs', () => {
  it(
    'match what npm run docs makes from the current sources (run `npm run docs` when this fails)',
    () => {
      const out = path.join(scratch, 'generated');
      const result = run(
        process.execPath,
        ['scripts/docs/generate-docs.mjs', '--dist', pkg.dist, '--out', out],
        repoRoot,
        { timeout: slow },
      );
      expect(result.status, result.stderr).toBe(0);
      const generated = [...listTree(out, 'docs'), ...listTree(out, 'schemas')];
      const committed = [...listTree(repoRoot, 'docs'), ...listTree(repoRoot, 'schemas')];
      expect(committed).toEqual(generated);
      const stale = generated.filter(comparedByContent).flatMap((file) => {
        const fresh = readFileSync(path.join(out, file), 'utf8').split('\n');
        const committed = readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
        const line = fresh.findIndex((text, i) => text !== committed[i]);
        if (line === -1 && fresh.length === committed.length) return [];
        const at = line === -1 ? Math.min(fresh.length, committed.length) : line;
        return [
          `${file}:${at + 1}: committed ${JSON.stringify(committed[at]?.slice(0, 80))}, generated ${JSON.stringify(fresh[at]?.slice(0, 80))}`,
        ];
      });
      expect(stale).toEqual([]);
    },
    slow,
  );

  it('has a page for every tool of both registries', () => {
    const missing = [
      ...Object.keys(claudeCodeTools).map((name) => `docs/tools/${name}.md`),
      ...Object.keys(codexTools).map((name) => `docs/tools/codex/${name}.md`),
      'docs/tools/mcp.md',
      'docs/tools/README.md',
    ].filter((file) => !existsSync(path.join(repoRoot, file)));
    expect(missing).toEqual([]);
  });

  it('links only to files that exist, and names test cases that exist', () => {
    const broken: string[] = [];
    for (const file of docsMarkdownFiles()) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const link of relativeLinks(text)) {
        const target = path.resolve(path.dirname(path.join(repoRoot, file)), decodeURI(link.target));
        if (!existsSync(target)) {
          broken.push(`${file}: ${link.target}`);
          continue;
        }
        // A link written as [file › "test name"](path) must name a test case of that file.
        const named = /›\s*"([^"]+)"/.exec(link.text)?.[1];
        if (named !== undefined && !readFileSync(target, 'utf8').includes(named))
          broken.push(`${file}: no test "${named}" in ${link.target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('JSON examples in docs/', () => {
  const blocks = docsBlocks().filter((block) => block.language === 'json');

  it('are marked with what they are', () => {
    expect(blocks.length).toBeGreaterThan(50);
    const unmarked = blocks.filter((block) => block.marker?.startsWith('example:') !== true);
    expect(unmarked.map((block) => `${block.file}:${block.line}`)).toEqual([]);
  });

  it('pass the registry schemas they are marked with', () => {
    const problems: string[] = [];
    for (const block of blocks) {
      let value: unknown;
      try {
        value = JSON.parse(block.text);
      } catch (error) {
        problems.push(`${block.file}:${block.line}: not JSON (${(error as Error).message})`);
        continue;
      }
      for (const problem of validateExample(block.marker ?? '', value))
        problems.push(`${block.file}:${block.line} (${block.marker}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('include a real call on the page of every tool seen in the corpus examples', () => {
    const examples = JSON.parse(
      readFileSync(path.join(repoRoot, 'scripts/docs/corpus-examples.json'), 'utf8'),
    );
    const missing = Object.keys(examples.tools as Record<string, unknown>)
      .map((key) => key.split(' '))
      .filter(([agent, name]) => {
        const page = agent === 'codex' ? `docs/tools/codex/${name}.md` : `docs/tools/${name}.md`;
        const text = readFileSync(path.join(repoRoot, page), 'utf8');
        return !text.includes(
          agent === 'codex' ? `example: codex tool ${name} call` : `example: tool ${name} input`,
        );
      });
    expect(missing).toEqual([]);
  });
});

describe('the quick reference', () => {
  const file = 'docs/06-quick-reference.md';
  const blocks = fencedBlocks(file, readFileSync(path.join(repoRoot, file), 'utf8'));

  it('has ten TypeScript snippets and marked recipes', () => {
    expect(blocks.filter((block) => block.language === 'ts')).toHaveLength(10);
    const recipes = blocks.filter((block) => block.language === 'sh');
    expect(recipes.length).toBeGreaterThan(0);
    expect(recipes.filter((block) => !block.marker?.startsWith('recipe:'))).toEqual([]);
  });

  it(
    'type-checks and runs every TypeScript snippet against the demo data',
    (context) => {
      if (!pkg.hasDemo) {
        console.warn('Quick-reference snippets not run: no demo/ folder in this checkout.');
        context.skip();
      }
      const snippets = blocks.filter((block) => block.language === 'ts');
      const dir = path.join(scratch, 'snippets');
      mkdirSync(dir, { recursive: true });
      snippets.forEach((block, i) => {
        writeFileSync(path.join(dir, `snippet-${i + 1}.ts`), `// ${file}:${block.line}\n${block.text}\n`);
      });
      writeFileSync(
        path.join(pkg.dir, 'tsconfig.snippets.json'),
        JSON.stringify({
          extends: path.join(repoRoot, 'tsconfig.json'),
          compilerOptions: { noEmit: false, rootDir: '.', outDir: 'compiled', declaration: false },
          include: [path.relative(pkg.dir, dir)],
        }),
      );
      const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
      const check = run(process.execPath, [tsc, '-p', 'tsconfig.snippets.json'], pkg.dir);
      expect(check.stdout + check.stderr).toBe('');
      expect(check.status).toBe(0);
      const failures: string[] = [];
      snippets.forEach((block, i) => {
        const compiled = path.join(pkg.dir, 'compiled', path.relative(pkg.dir, dir), `snippet-${i + 1}.js`);
        const result = run(process.execPath, [compiled], pkg.dir, { env: demoEnv });
        if (result.status !== 0 || result.stdout.trim() === '')
          failures.push(`${file}:${block.line}: exit ${result.status}\n${result.stderr}${result.stdout}`);
      });
      expect(failures).toEqual([]);
    },
    slow,
  );

  it(
    'runs every CLI and jq recipe against the demo data',
    (context) => {
      if (!pkg.hasDemo) {
        console.warn('Quick-reference recipes not run: no demo/ folder in this checkout.');
        context.skip();
      }
      const hasJq = run('jq', ['--version'], pkg.dir).status === 0;
      if (!hasJq) console.warn('jq recipes not run: jq is not installed.');
      const failures: string[] = [];
      for (const block of blocks.filter((b) => b.language === 'sh')) {
        if (block.marker === 'recipe: jq' && !hasJq) continue;
        const script = [
          'set -e',
          `agentlog() { "${process.execPath}" "${path.join(pkg.dist, 'cli/main.js')}" "$@"; }`,
          block.text,
        ].join('\n');
        const result = run('bash', ['-c', script], pkg.dir, { env: demoEnv });
        if (result.status !== 0 || result.stdout.trim() === '')
          failures.push(`${file}:${block.line}: exit ${result.status}\n${result.stderr}`);
      }
      expect(failures).toEqual([]);
    },
    slow,
  );
});

afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});
