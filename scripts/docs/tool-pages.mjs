// The tool pages: docs/tools/<Tool>.md for Claude Code, docs/tools/codex/<tool>.md for Codex, docs/tools/mcp.md.

import { blocks, code, jsonExample, relativeLink, textBlock } from './markdown.mjs';
import { schemaSection } from './schema-fields.mjs';
import { toolFileName } from './schema-files.mjs';
import { factsTable, historySection, lineage, openAISection } from './tool-page-parts.mjs';

/** The path of a tool page, relative to the repository root. */
export function toolPagePath(agent, name) {
  if (name === 'mcp__*') return 'docs/tools/mcp.md';
  return agent === 'codex'
    ? `docs/tools/codex/${toolFileName(name)}.md`
    : `docs/tools/${toolFileName(name)}.md`;
}

function schemaLinks(page, agent, name) {
  const base = `schemas/${agent}/tools/${toolFileName(name)}`;
  return `JSON Schema: [input](${relativeLink(page, `${base}.input.json`)}), [result](${relativeLink(page, `${base}.result.json`)}).`;
}

function corpusLink(source) {
  return code(`corpus/${source}`);
}

/** This tool's example, else one of a tool of the same lineage with the very same schemas. */
function findExample(ctx, agent, registry, name, spec) {
  const own = ctx.examples.tools[`${agent} ${name}`];
  if (own !== undefined) return { example: own, from: name };
  for (const member of lineage(ctx.lib, registry, spec)) {
    const other = ctx.examples.tools[`${agent} ${member.name}`];
    if (other !== undefined && member.spec.input === spec.input && member.spec.result === spec.result)
      return { example: other, from: member.name };
  }
  return undefined;
}

function noExample(agent) {
  const where = agent === 'codex' ? 'rollout' : 'transcript';
  return `No successful call of this tool was seen in the genuine ${where}s of the corpus, so there is no real example yet.`;
}

/** The example section of a tool page, for use elsewhere too (the `tool-example` region of the chapters). */
export function toolExampleSection(ctx, agent, name) {
  return agent === 'codex'
    ? codexExample(ctx, name, ctx.lib.codexTools[name])
    : claudeExample(ctx, name, ctx.lib.claudeCodeTools[name]);
}

function claudeExample(ctx, name, spec) {
  const found = findExample(ctx, 'claude-code', ctx.lib.claudeCodeTools, name, spec);
  if (found === undefined) return noExample('claude-code');
  const { example, from } = found;
  const version = example.version === undefined ? '' : ` (Claude Code ${example.version})`;
  const alias =
    from === name
      ? ''
      : ` It is a call of ${code(from)}, the same tool under an older name with the same schemas.`;
  const parts = [
    `A real call from ${corpusLink(example.source)}${version}, shortened (long strings cut at \`…\`, arrays cut to three items).${alias}`,
    'Input (`tool_use.input`):',
    jsonExample(`tool ${name} input`, example.value.input),
    `Result (\`toolUseResult\` of the user record at ${corpusLink(example.resultSource)}):`,
    jsonExample(`tool ${name} result`, example.value.result),
  ];
  if (example.value.text !== '')
    parts.push('What the model saw (`tool_result.content`, cut):', textBlock(example.value.text));
  return parts.join('\n\n');
}

/** A Claude Code tool page. */
export function claudeToolPage(ctx, name, row) {
  const { lib } = ctx;
  const spec = name === 'mcp__*' ? lib.mcpToolSpec : lib.claudeCodeTools[name];
  const page = toolPagePath('claude-code', name);
  const link = (other) => `[${code(other)}](${relativeLink(page, toolPagePath('claude-code', other))})`;
  const input = lib.toJsonSchema(spec);
  const result = lib.toJsonSchema(spec, { part: 'result' });
  const fileName = name === 'mcp__*' ? 'mcp' : name;
  return blocks(
    `# ${name}`,
    `Claude Code tool. ${spec.description}`,
    factsTable(lib, name === 'mcp__*' ? { [name]: spec } : lib.claudeCodeTools, spec, link),
    `${schemaLinks(page, 'claude-code', fileName)} Reference index: [all tools](${relativeLink(page, 'docs/tools/README.md')}).`,
    '## Input',
    `The \`input\` of the \`tool_use\` block (\`assistant.message.content[]\`).`,
    schemaSection(input),
    '## Result',
    `The structured result Claude Code writes in \`toolUseResult\` on the user record that carries the \`tool_result\` block. When a call fails, is denied or is interrupted, \`toolUseResult\` is a string instead (\`"Error: …"\`, \`"User rejected tool use"\`), and subagent transcripts of 2.1.14 and later leave it out; see [the tool lifecycle](${relativeLink(page, 'docs/03-tool-lifecycle.md')}).`,
    schemaSection(result),
    '## Versions',
    historySection(spec, row),
    '## Example',
    claudeExample(ctx, name, spec),
    '## OpenAI function calling',
    openAISection(
      lib,
      spec,
      `toOpenAITool(claudeCodeTools[${JSON.stringify(name)}], { api: 'chat', strict: true })`,
    ),
  );
}

function isJsonResult(spec) {
  const def = spec.result._zod.def;
  return def.type === 'pipe' && def.out._zod.def.type === 'transform';
}

function codexResultText(spec, page) {
  const lifecycle = relativeLink(page, 'docs/03-tool-lifecycle.md');
  if (spec.result._zod.def.type === 'never')
    return `No output item is written: ${spec.result.description ?? 'the result stays with the model'}.`;
  const decoded = `agentlog decodes the output of \`function_call_output\` / \`custom_tool_call_output\` (a string or content items; see [Codex tool calls](${lifecycle})) into the object below (\`call.result.structured\`).`;
  const legend =
    '`format` names the encoding found: `json` (`{"output", "metadata": {"exit_code", "duration_seconds"}}` text of 2025 builds), `exit-code-text` (header lines such as `Exit code: N`, `Wall time: X seconds`, `Chunk ID`, `Process exited with code N`, then `Output:`), `plain` (any other text) or `items` (content items; images as `[image]`). `text` is the body after the header.';
  if (!isJsonResult(spec)) return `${decoded} ${legend}`;
  return `${decoded} ${legend} This tool answers with a JSON object in the output text; agentlog parses it and checks it against the tool's own result schema in the registry (that check is a transform, which JSON Schema cannot express, so the file and the table show the decoded text).`;
}

function codexExample(ctx, name, spec) {
  const found = findExample(ctx, 'codex', ctx.lib.codexTools, name, spec);
  if (found === undefined) return noExample('codex');
  const { example, from } = found;
  const alias =
    from === name
      ? ''
      : ` It is a call of ${code(from)}, the same tool under its newer name with the same schemas.`;
  const parts = [
    `A real call from ${corpusLink(example.source)}, shortened (long strings cut at \`…\`).${alias}`,
    'The call (`arguments` is JSON text):',
    jsonExample(`codex tool ${name} call`, example.value.call),
  ];
  if (example.value.output === undefined) {
    parts.push('No output item follows it.');
    return parts.join('\n\n');
  }
  parts.push(
    `Its output (${corpusLink(example.resultSource)}):`,
    jsonExample(`codex tool ${name} output`, example.value.output),
    'The output as agentlog decodes it (`call.result.structured`):',
    jsonExample(
      `codex tool ${name} result`,
      ctx.lib.parseCodexToolOutput(example.value.output.payload.output),
    ),
  );
  return parts.join('\n\n');
}

/** A Codex tool page. */
export function codexToolPage(ctx, name, row) {
  const { lib } = ctx;
  const spec = lib.codexTools[name];
  const page = toolPagePath('codex', name);
  const link = (other) => `[${code(other)}](${relativeLink(page, toolPagePath('codex', other))})`;
  const input = lib.toJsonSchema(spec);
  const result = lib.toJsonSchema(spec, { part: 'result' });
  const resultSection = result.not !== undefined ? '' : schemaSection(result);
  return blocks(
    `# ${name}`,
    `Codex CLI tool. ${spec.description}`,
    factsTable(lib, lib.codexTools, spec, link),
    `${schemaLinks(page, 'codex', name)} Reference index: [all tools](${relativeLink(page, 'docs/tools/README.md')}).`,
    '## Input',
    'The arguments: `function_call.arguments` parsed from its JSON text, `custom_tool_call.input` wrapped as `{input}` for freeform tools, or the `action` of `local_shell_call` / `web_search_call`.',
    schemaSection(input),
    '## Result',
    codexResultText(spec, page),
    resultSection,
    '## Versions',
    historySection(spec, row),
    '## Example',
    codexExample(ctx, name, spec),
    '## OpenAI function calling',
    openAISection(
      lib,
      spec,
      `toOpenAITool(codexTools[${JSON.stringify(name)}], { api: 'chat', strict: true })`,
    ),
  );
}
