import { type Command, Option } from 'commander';
import { adapterFor, adapters } from '../../agents/registry.js';
import { parseVersion } from '../../definitions/agent-version.js';
import { findToolDefinition, type ToolRegistry } from '../../definitions/find-tool-definition.js';
import type { JsonSchema } from '../../definitions/json-schema.js';
import { jsonSchemaToTypeScript, typeScriptTypeName } from '../../definitions/json-schema-to-typescript.js';
import { toAnthropicTool } from '../../definitions/to-anthropic-tool.js';
import { type ToolSchemaPart, toJsonSchema } from '../../definitions/to-json-schema.js';
import { type OpenAIApi, toOpenAITool } from '../../definitions/to-openai-tool.js';
import { formatLifespan, type ToolPresence } from '../../definitions/tool-lifespan.js';
import { ToolNameMap } from '../../definitions/tool-name-map.js';
import { toolSpecAtVersion } from '../../definitions/tool-spec-at-version.js';
import { type Agent, agentInfo } from '../../schemas/common/agent.js';
import type { ToolSpec } from '../../schemas/common/define-tool.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { colorsFor, type Io, plural, renderTable, writeJson, writeLine } from '../output.js';

const formats = ['json-schema', 'anthropic', 'openai', 'openai-strict', 'typescript'] as const;
type SchemaFormat = (typeof formats)[number];

interface SchemaOptions {
  format: SchemaFormat;
  api: OpenAIApi;
  agent: Agent;
  agentVersion?: string;
  part: ToolSchemaPart;
  list?: boolean;
  json?: boolean;
}

/** One tool as `schema --list` shows it. */
interface ListRow {
  name: string;
  canonical: string;
  status: string;
  versions: string;
  strict: boolean;
  reason?: string;
  presence?: ToolPresence;
}

/** An agent's tool registry, from its adapter (agents without one have no tools to show). */
function registryFor(agent: Agent): ToolRegistry {
  const adapter = adapterFor(agent);
  if (adapter === undefined)
    throw new CliError(
      `agentlog does not read ${agentInfo[agent].name} logs yet, so it has no tools to show.`,
    );
  const { tools } = adapter;
  return {
    agent: agentInfo[agent].name,
    tools: tools.tools,
    resolve: (name) => {
      const lookup = tools.lookup(name);
      return lookup.kind === 'builtin' ? lookup.spec : undefined;
    },
  };
}

function checkVersion(text: string | undefined): void {
  if (text !== undefined && parseVersion(text) === undefined)
    throw new CliError(`Option --agent-version needs a version such as "1.0.30", got ${quote(text)}.`, {
      exitCode: exitCodes.usage,
    });
}

function strictness(spec: ToolSpec): { strict: boolean; reason?: string } {
  const conversion = toOpenAITool(spec, { api: 'responses', strict: true });
  return conversion.reason === undefined
    ? { strict: conversion.strict }
    : { strict: conversion.strict, reason: conversion.reason };
}

function listTools(io: Io, registry: ToolRegistry, options: SchemaOptions): void {
  const version = options.agentVersion === undefined ? undefined : parseVersion(options.agentVersion);
  const rows: ListRow[] = Object.values(registry.tools).map((spec) => {
    const atVersion = version === undefined ? undefined : toolSpecAtVersion(spec, version);
    return {
      name: spec.name,
      canonical: spec.canonical,
      status: spec.status,
      versions: formatLifespan(spec),
      ...strictness(atVersion?.spec ?? spec),
      ...(atVersion === undefined ? {} : { presence: atVersion.presence }),
    };
  });
  if (options.json) {
    writeJson(io, rows);
    return;
  }
  const colors = colorsFor(io);
  const head = ['tool', 'canonical', 'status', 'versions', 'strict', 'why not strict'];
  if (options.agentVersion !== undefined) head.push(`in ${options.agentVersion}`);
  writeLine(
    io,
    renderTable(io, {
      head,
      rows: rows.map((row) => [
        row.name,
        row.canonical === row.name ? '' : row.canonical,
        row.status,
        row.versions,
        row.strict ? 'yes' : 'no',
        row.reason ?? '',
        ...(row.presence === undefined ? [] : [row.presence]),
      ]),
    }),
  );
  const strictCount = rows.filter((row) => row.strict).length;
  writeLine(io, colors.dim(`${plural(rows.length, 'tool')}, ${strictCount} can be OpenAI strict.`));
}

/** The tools to print: one looked up by name, or every tool (present in the version, if one is given). */
function selectTools(
  io: Io,
  registry: ToolRegistry,
  tool: string | undefined,
  options: SchemaOptions,
): ToolSpec[] {
  const versionText = options.agentVersion;
  if (tool !== undefined) {
    const lookup = findToolDefinition(
      registry,
      tool,
      versionText === undefined ? {} : { version: versionText },
    );
    if (!lookup.ok) throw new CliError(lookup.error);
    if (lookup.presence === 'unknown')
      io.stderr.write(
        `warning: ${quote(lookup.spec.name)} may not exist in ${registry.agent} ${versionText}: its first or last version is only known as a range (${formatLifespan(lookup.spec)}).\n`,
      );
    if (lookup.omitted.length > 0)
      io.stderr.write(
        `note: input fields not in ${registry.agent} ${versionText}: ${lookup.omitted.join(', ')}.\n`,
      );
    if (lookup.required.length > 0)
      io.stderr.write(
        `note: input fields required in ${registry.agent} ${versionText}: ${lookup.required.join(', ')}.\n`,
      );
    return [lookup.spec];
  }
  const specs = Object.values(registry.tools);
  const version = versionText === undefined ? undefined : parseVersion(versionText);
  if (version === undefined) return specs;
  return specs.flatMap((spec) => {
    const atVersion = toolSpecAtVersion(spec, version);
    return atVersion.presence === 'no' ? [] : [atVersion.spec];
  });
}

function printDefinitions(io: Io, specs: ToolSpec[], options: SchemaOptions, single: boolean): void {
  const part = options.part;
  if (part === 'result' && options.format !== 'json-schema' && options.format !== 'typescript')
    throw new CliError(`Option --part result only applies to --format json-schema and typescript.`, {
      exitCode: exitCodes.usage,
    });
  switch (options.format) {
    case 'json-schema': {
      const schemas = specs.map((spec) => [spec.name, toJsonSchema(spec, { part })] as const);
      writeJson(io, single ? schemas[0]?.[1] : Object.fromEntries(schemas));
      return;
    }
    case 'anthropic': {
      const tools = specs.map(toAnthropicTool);
      writeJson(io, single ? tools[0] : tools);
      return;
    }
    case 'openai':
    case 'openai-strict': {
      const names = new ToolNameMap();
      const strict = options.format === 'openai-strict';
      const tools = specs.map((spec) => {
        const conversion = toOpenAITool(spec, { api: options.api, strict, names });
        if (conversion.reason !== undefined)
          io.stderr.write(`note: ${quote(spec.name)} is not strict: ${conversion.reason}\n`);
        return conversion.tool;
      });
      writeJson(io, single ? tools[0] : tools);
      return;
    }
    case 'typescript': {
      // Names must be unique in one module: ExitPlanMode and exit_plan_mode both make ExitPlanModeInput.
      const used = new Set<string>();
      const declarations = specs.map((spec) => {
        let name = typeScriptTypeName(`${spec.name} ${part}`);
        for (let n = 2; used.has(name); n += 1) name = `${typeScriptTypeName(`${spec.name} ${part}`)}${n}`;
        used.add(name);
        const schema: JsonSchema = toJsonSchema(spec, { part });
        return jsonSchemaToTypeScript(schema, name, spec.description);
      });
      io.stdout.write(declarations.join('\n'));
      return;
    }
    default:
      options.format satisfies never;
  }
}

/** `agentlog schema`: tool definitions as JSON Schema, Anthropic or OpenAI tools, or TypeScript types. */
export function registerSchemaCommand(program: Command, io: Io): void {
  program
    .command('schema')
    .description('Print tool definitions: JSON Schema, Anthropic or OpenAI tools, or TypeScript types')
    .argument('[tool]', 'a tool name or alias (default: every tool of the agent)')
    .addOption(new Option('--format <format>', 'output format').choices(formats).default('json-schema'))
    .addOption(
      new Option('--api <api>', 'OpenAI API shape for openai formats')
        .choices(['chat', 'responses'])
        .default('responses'),
    )
    .addOption(
      new Option('--agent <agent>', 'whose tools')
        .choices(adapters.map((a) => a.agent))
        .default('claude-code'),
    )
    .option('--version <version>', 'the tool as it was in this agent version (e.g. 1.0.30)')
    .option('--agent-version <version>', 'the same as --version')
    .addOption(
      new Option('--part <part>', 'which schema, for json-schema and typescript')
        .choices(['input', 'result'])
        .default('input'),
    )
    .option('--list', 'list the tools: versions, status, and whether they can be OpenAI strict')
    .option('--json', 'with --list: print JSON')
    .action((tool: string | undefined, flags: SchemaOptions & { version?: string }) => {
      const { version, ...rest } = flags;
      const options: SchemaOptions = version === undefined ? rest : { ...rest, agentVersion: version };
      checkVersion(options.agentVersion);
      const registry = registryFor(options.agent);
      if (options.list) {
        if (tool !== undefined)
          throw new CliError('Give either a tool name or --list, not both.', { exitCode: exitCodes.usage });
        listTools(io, registry, options);
        return;
      }
      const specs = selectTools(io, registry, tool, options);
      printDefinitions(io, specs, options, tool !== undefined);
    });
}
