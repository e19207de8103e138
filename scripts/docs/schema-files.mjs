// The JSON Schema files under schemas/: every tool's input and result, every record type, for both agents.
// Schemas come from the registry through `toJsonSchema`/`zodToJsonSchema` (src/definitions); this module only
// names the files, adds a title, and spells the open unions out (see `openUnion`).

import { agentSchemaFiles } from './agent-pages.mjs';
import { byText, formatJsonFile } from './markdown.mjs';

const draft = 'https://json-schema.org/draft/2020-12/schema';

/** A file name for a tool or record type (`container.exec` stays as it is; path separators and `:` would be a problem). */
export function toolFileName(name) {
  return name.replace(/[/\\:]/g, '_');
}

function titled(schema, title, description) {
  const { $schema: _, ...rest } = schema;
  const out = { $schema: draft, title };
  if (description !== undefined && rest.description === undefined) out.description = description;
  return { ...out, ...rest };
}

function bare(schema) {
  const { $schema: _, ...rest } = schema;
  return rest;
}

/**
 * An open union told apart by `discriminator`: the fields every value has (`base`), and for each known tag an
 * `if`/`then` pair, so a known variant is checked in full and an unknown one passes with the base fields,
 * which is what agentlog's schemas do. (`zodToJsonSchema` cannot see inside these unions: it writes `{}`.)
 */
function openUnion(base, discriminator, variants) {
  return {
    ...bare(base),
    allOf: variants.map(([tag, schema]) => ({
      if: { properties: { [discriminator]: { const: tag } }, required: [discriminator] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword.
      then: bare(schema),
    })),
  };
}

function tagOf(zodSchema, key) {
  const values = zodSchema.shape?.[key]?._zod?.values;
  return values === undefined ? undefined : [...values][0];
}

function toolFiles(lib, agent, registry, files) {
  const label = agent === 'codex' ? 'Codex' : 'Claude Code';
  for (const [name, spec] of Object.entries(registry)) {
    const base = `schemas/${agent}/tools/${toolFileName(name)}`;
    files.set(
      `${base}.input.json`,
      titled(lib.toJsonSchema(spec), `${label} tool ${spec.name}: input`, spec.description),
    );
    files.set(
      `${base}.result.json`,
      titled(
        lib.toJsonSchema(spec, { part: 'result' }),
        `${label} tool ${spec.name}: result`,
        spec.description,
      ),
    );
  }
}

function claudeCodeRecordFiles(lib, files) {
  const { zodToJsonSchema } = lib;
  const subtypes = lib.systemSubtypeRecordSchemas.map((schema) => [tagOf(schema, 'subtype'), schema]);
  for (const [type, schema] of Object.entries(lib.claudeCodeRecordSchemas)) {
    let json = zodToJsonSchema(schema);
    if (type === 'system') {
      // Any subtype has the base fields (the schema of unknown subtypes); known subtypes add theirs.
      const base = zodToJsonSchema(lib.systemRecordBaseSchema);
      json = openUnion(
        base,
        'subtype',
        subtypes.map(([tag, s]) => [tag, zodToJsonSchema(s)]),
      );
    }
    files.set(`schemas/claude-code/records/${type}.json`, titled(json, `Claude Code record "${type}"`));
  }
  for (const [tag, schema] of subtypes) {
    files.set(
      `schemas/claude-code/records/system/${tag}.json`,
      titled(zodToJsonSchema(schema), `Claude Code record "system", subtype "${tag}"`),
    );
  }
}

function codexLine(type, payload) {
  return {
    type: 'object',
    properties: {
      timestamp: { type: 'string', description: 'Write time (RFC 3339)' },
      type: { type: 'string', const: type },
      payload,
    },
    required: ['timestamp', 'type', 'payload'],
  };
}

function codexRecordFiles(lib, files) {
  const { zodToJsonSchema } = lib;
  const items = Object.entries(lib.codexResponseItemSchemas).map(([t, s]) => [t, zodToJsonSchema(s)]);
  const events = Object.entries(lib.codexEventMsgSchemas).map(([t, s]) => [t, zodToJsonSchema(s)]);
  const tagged = { type: 'object', properties: { type: { type: 'string' } }, required: ['type'] };
  for (const [type, schema] of Object.entries(lib.codexEnvelopePayloadSchemas)) {
    let payload = bare(zodToJsonSchema(schema));
    if (type === 'response_item') payload = openUnion(tagged, 'type', items);
    if (type === 'event_msg') payload = openUnion(tagged, 'type', events);
    files.set(
      `schemas/codex/records/${type}.json`,
      titled(codexLine(type, payload), `Codex rollout line "${type}" (envelope era)`),
    );
  }
  for (const [type, schema] of items)
    files.set(`schemas/codex/response-items/${type}.json`, titled(schema, `Codex response item "${type}"`));
  for (const [type, schema] of events)
    files.set(`schemas/codex/events/${type}.json`, titled(schema, `Codex event "${type}"`));
}

/** Every schema file, as a map from its path (relative to the repository root) to its JSON text. */
export function schemaFiles(lib) {
  const files = new Map();
  toolFiles(lib, 'claude-code', lib.claudeCodeTools, files);
  toolFiles(lib, 'claude-code', { mcp: lib.mcpToolSpec }, files);
  toolFiles(lib, 'codex', lib.codexTools, files);
  claudeCodeRecordFiles(lib, files);
  codexRecordFiles(lib, files);
  agentSchemaFiles(lib, files);
  const sorted = [...files.keys()].sort(byText);
  return new Map(sorted.map((key) => [key, formatJsonFile(files.get(key))]));
}

/** schemas/README.md: what the folder holds and how to use it. */
export function schemasReadme(lib) {
  const count = (registry) => Object.keys(registry).length;
  return `# JSON Schemas

Generated from agentlog's registry by \`npm run docs\` (do not edit): JSON Schema draft 2020-12, with the
registry's descriptions. They describe what the agents write in their logs (extra keys are allowed: agents
add fields often), not a contract of agentlog's own output.

| folder | what |
|---|---|
| \`claude-code/tools/<Tool>.input.json\`, \`.result.json\` | every Claude Code tool (${count(lib.claudeCodeTools)}): \`tool_use.input\` and \`toolUseResult\`; \`mcp.*\` for MCP tools |
| \`claude-code/records/<type>.json\` | every Claude Code record type (${count(lib.claudeCodeRecordSchemas)}); \`system.json\` checks each known subtype, \`system/<subtype>.json\` one subtype |
| \`codex/tools/<tool>.input.json\`, \`.result.json\` | every Codex tool (${count(lib.codexTools)}): parsed arguments, decoded output |
| \`codex/records/<type>.json\` | every envelope-era rollout line type (${count(lib.codexEnvelopePayloadSchemas)}) |
| \`codex/response-items/<type>.json\`, \`codex/events/<type>.json\` | \`response_item\` and \`event_msg\` payloads |
${lib.adapters
  .filter((a) => a.build.kind === 'file')
  .map(
    (a) =>
      `| \`${a.agent}/records/<type>.json\`, \`${a.agent}/tools/<tool>.input.json\`, \`.result.json\` | ${lib.agentInfo[a.agent].name}: every record type (${count(a.decode.schemas ?? {})}) and tool (${count(a.tools.tools)}) |\n`,
  )
  .join('')}
Unions open to new variants (record subtypes, response items, events) are written as \`if\`/\`then\` pairs on
the discriminator: a known variant is checked in full, an unknown one only by the fields every variant has.
Some fields that agentlog checks by dispatching on their content (\`message.content\`, \`attachment\`,
\`progress.data\`) accept any JSON here. The reference pages are in [../docs/tools/](../docs/tools/README.md).
`;
}
