// docs/tools/README.md: the tool index of both agents, the tool-by-version matrix of Claude Code, and the
// tool inventory in the shape of the 000 requirement document (over the demo data and over the corpus).

import { blocks, byText, code, relativeLink, table } from './markdown.mjs';
import { toolPagePath } from './tool-pages.mjs';

const page = 'docs/tools/README.md';

/** Claude Code versions the matrix shows: the package versions the spec was checked against. */
export const matrixVersions = [
  '1.0.30',
  '1.0.70',
  '1.0.128',
  '2.0.30',
  '2.0.77',
  '2.1.14',
  '2.1.30',
  '2.1.63',
  '2.1.100',
  '2.1.200',
  '2.1.330',
];

const presenceMark = { yes: '✓', no: '·', unknown: '?' };

function byName(a, b) {
  return byText(a.toLowerCase(), b.toLowerCase()) || byText(a, b);
}

function link(agent, name) {
  return `[${code(name)}](${relativeLink(page, toolPagePath(agent, name))})`;
}

function strictMark(lib, spec) {
  return lib.toOpenAITool(spec, { api: 'chat', strict: true }).strict ? 'yes' : 'no';
}

function indexTable(ctx, agent, registry) {
  const names = Object.keys(registry).sort(byName);
  const rows = names.map((name) => {
    const spec = registry[name];
    return [
      link(agent, name),
      spec.status,
      ctx.lib.formatLifespan(spec),
      spec.canonical === name ? '' : code(spec.canonical),
      strictMark(ctx.lib, spec),
      ctx.examples.tools[`${agent} ${name}`] === undefined ? '' : 'yes',
      spec.description.replace(/\|/g, '\\|'),
    ];
  });
  return table(
    ['Tool', 'Status', 'Versions', 'Newer name', 'OpenAI strict', 'Real example', 'What it does'],
    rows,
    {
      raw: true,
    },
  );
}

function matrixTable(ctx) {
  const rows = ctx.lib.toolVersionMatrix({ versions: matrixVersions });
  rows.sort((a, b) => byName(a.name, b.name));
  return table(
    ['Tool', ...matrixVersions],
    rows.map((row) => [
      `${link('claude-code', row.name)}${row.first === undefined ? ' †' : ''}`,
      ...matrixVersions.map((v) => presenceMark[row.presence[v]]),
    ]),
    { raw: true, align: ['l', ...matrixVersions.map(() => 'r')] },
  );
}

function inventoryFromCorpus(ctx) {
  const rows = ctx.examples.inventory ?? [];
  if (rows.length === 0) return 'The examples file holds no corpus inventory.';
  const sections = [];
  for (const agent of ['claude-code', 'codex']) {
    const own = rows.filter((row) => row.agent === agent);
    if (own.length === 0) continue;
    const label = agent === 'codex' ? 'Codex' : 'Claude Code';
    sections.push(
      `${label}, ${own.reduce((sum, row) => sum + row.calls, 0)} calls:`,
      table(
        ['Tool name', 'Calls', 'What it does (high level)'],
        own.map((row) => [
          code(row.tool),
          String(row.calls),
          (ctx.lib.describeTool(agent, row.tool) ?? 'Unknown tool').replace(/\|/g, '\\|'),
        ]),
        { raw: true, align: ['l', 'r', 'l'] },
      ),
    );
  }
  return sections.join('\n\n');
}

/** The whole README text. `demoInventory` is the inventory table over demo/ (or undefined without demo data). */
export function toolsReadme(ctx, demoInventory) {
  const claudeCount = Object.keys(ctx.lib.claudeCodeTools).length;
  const codexCount = Object.keys(ctx.lib.codexTools).length;
  return blocks(
    '# Tool reference',
    `One page per tool of the registries agentlog validates with: ${claudeCount} Claude Code tools (current, renamed, removed and internal ones; [MCP tools](mcp.md) share one page) and ${codexCount} Codex tools. Every page is generated from the registry (\`src/agents/claude-code/tools/\`, \`src/agents/codex/tools/\`) by \`npm run docs\`, and its examples are checked against the same schemas by \`test/docs.test.ts\`. The JSON Schema files are in [schemas/](${relativeLink(page, 'schemas/README.md')}).`,
    '## Claude Code tools',
    '"Versions" is the lifespan the registry records (`≈` approximate, `x` a bisected digit, `(a..b]` introduced after a and by b). "OpenAI strict" says whether `toOpenAITool` can make a strict function definition of the input. "Real example" says whether the page shows a call from the corpus.',
    indexTable(ctx, 'claude-code', ctx.lib.claudeCodeTools),
    '## Tool-by-version matrix (Claude Code)',
    `Which tools exist in which Claude Code version, from the registry's versions and history notes (\`toolVersionMatrix\`): ${presenceMark.yes} present, ${presenceMark.no} absent, ${presenceMark.unknown} inside a bisected range or not recorded. A renamed tool has one row per name. † The registry records no first version for this tool, so it shows as present back to the oldest column: true for the original tools (Read, Bash, …), not a claim for tools that only the newest SDK types list (Artifact, ClaudeDesign, …: the spec places those in 2.1.2xx–2.1.3xx).`,
    matrixTable(ctx),
    '## Codex tools',
    'Codex tool names vary by version and model family; the registry holds the names of the spec (section 4.8) and of real rollouts. MCP tools (`mcp__server__tool`, `tool` in a `mcp__server__` namespace, or `server__tool` in rollouts before the `mcp__` prefix; no built-in has `__` in its name) are not in this list.',
    indexTable(ctx, 'codex', ctx.lib.codexTools),
    '## Tool inventory',
    'The inventory in the shape of the hand-made one the project started from (`../shared/requirements/000_*.txt`): tool name, calls, what it does. `agentlog tools PATH --format md` prints it for any logs.',
    '### Over the demo data',
    demoInventory ??
      'The demo data (`demo/`) is not in this checkout, so there is no demo inventory; `npm run docs` adds it once `demo/` exists.',
    '### Over the corpus',
    `Over the ${ctx.examples.files} genuine files of the shared corpus, as read when the examples were last taken (\`npm run docs -- --refresh-examples DIR\`):`,
    inventoryFromCorpus(ctx),
  );
}
