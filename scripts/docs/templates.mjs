// The hand-written chapters (docs/0*.md) hold generated regions:
//
//   <!-- generated:NAME ARGS -->
//   …replaced by npm run docs…
//   <!-- /generated -->
//
// The prose around them is kept as written; each region is rendered again from the registry and the examples.

import { code, jsonExample, relativeLink, table } from './markdown.mjs';
import { toolExampleSection, toolPagePath } from './tool-pages.mjs';

const regionPattern = /<!-- generated:([\w-]+)([^>]*?) -->\n[\s\S]*?<!-- \/generated -->/g;

function list(items) {
  return items.map((item) => `- ${item}`).join('\n');
}

function inline(names) {
  return names.map((name) => code(name)).join(', ');
}

function recordExample(ctx, key) {
  const example = ctx.examples.records[key];
  if (example === undefined)
    return `No record of this kind is in the genuine files of the corpus (${code(key)}).`;
  const [agent, kind] = key.split(' ');
  const marker = agent === 'codex' ? `codex-line ${kind}` : `record ${example.value.type}`;
  const version = example.version === undefined ? '' : `, Claude Code ${example.version}`;
  return `From ${code(`corpus/${example.source}`)}${version}:\n\n${jsonExample(marker, example.value)}`;
}

function schemaLink(pagePath, file, label) {
  return `[${label}](${relativeLink(pagePath, file)})`;
}

function claudeRecordTypes(ctx, pagePath) {
  const chain = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);
  const rows = Object.keys(ctx.lib.claudeCodeRecordSchemas).map((type) => [
    code(type),
    chain.has(type) ? 'chain' : 'metadata',
    Object.keys(ctx.examples.records).some((key) => key.startsWith(`claude-code ${type}`)) ? 'yes' : '',
    schemaLink(pagePath, `schemas/claude-code/records/${type}.json`, `${type}.json`),
  ]);
  return table(['type', 'Kind', 'In the corpus', 'JSON Schema'], rows, { raw: true });
}

function codexTypes(ctx, pagePath, schemas, folder) {
  const live = new Set(ctx.lib.liveOnlyEventMsgTypes);
  const rows = Object.keys(schemas).map((type) => [
    code(type),
    Object.keys(ctx.examples.records).some((key) => key.endsWith(`:${type}`) || key === `codex ${type}`)
      ? 'yes'
      : '',
    schemaLink(pagePath, `schemas/codex/${folder}/${type}.json`, `${type}.json`),
  ]);
  const note =
    folder === 'events'
      ? `\n\nEvent types Codex never writes to rollouts (live only), accepted without checks: ${inline([...live])}.`
      : '';
  return table(['type', 'In the corpus', 'JSON Schema'], rows, { raw: true }) + note;
}

/** Every registry history note that says what real logs showed (where they differ from the spec). */
function specVersusLogs(ctx, pagePath) {
  const pattern = /\blogs?\b|not in the spec|\bspec:/i;
  const rows = [];
  for (const [agent, registry] of [
    ['claude-code', ctx.lib.claudeCodeTools],
    ['codex', ctx.lib.codexTools],
  ]) {
    for (const [name, spec] of Object.entries(registry)) {
      if (spec.canonical !== name && registry[spec.canonical]?.history === spec.history) continue;
      for (const line of spec.history ?? [])
        if (pattern.test(line))
          rows.push(`[${code(name)}](${relativeLink(pagePath, toolPagePath(agent, name))}): ${line}`);
    }
  }
  return list(rows);
}

const renderers = {
  'spec-vs-logs': (ctx, page) => specVersusLogs(ctx, page),
  'record-example': (ctx, _page, args) => recordExample(ctx, args.join(' ')),
  'record-types': (ctx, page) => claudeRecordTypes(ctx, page),
  'system-subtypes': (ctx) =>
    inline(ctx.lib.systemSubtypeRecordSchemas.map((s) => [...s.shape.subtype._zod.values][0])),
  'attachment-types': (ctx) => inline([...ctx.lib.attachmentTypes]),
  'progress-types': (ctx) => inline([...ctx.lib.progressDataTypes]),
  'codex-envelope-types': (ctx, page) =>
    codexTypes(ctx, page, ctx.lib.codexEnvelopePayloadSchemas, 'records'),
  'codex-response-items': (ctx, page) =>
    codexTypes(ctx, page, ctx.lib.codexResponseItemSchemas, 'response-items'),
  'codex-events': (ctx, page) => codexTypes(ctx, page, ctx.lib.codexEventMsgSchemas, 'events'),
  'tool-statuses': (ctx) => list(ctx.lib.toolCallStatuses.map((status) => code(status))),
  'tool-example': (ctx, _page, [agent, name]) => toolExampleSection(ctx, agent, name),
};

/** The template with every generated region rendered again. Unknown region names are an error. */
export function fillTemplate(ctx, pagePath, text) {
  return text.replace(regionPattern, (_match, name, rawArgs) => {
    const render = renderers[name];
    if (render === undefined) throw new Error(`Unknown generated region "${name}" in "${pagePath}".`);
    const args = rawArgs.trim() === '' ? [] : rawArgs.trim().split(/\s+/);
    return `<!-- generated:${name}${rawArgs} -->\n\n${render(ctx, pagePath, args)}\n\n<!-- /generated -->`;
  });
}
