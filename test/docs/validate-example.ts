import type { z } from 'zod';
import { decodeClaudeCodeRecord } from '../../src/agents/claude-code/decode-record.js';
import { claudeCodeRecordSchemas } from '../../src/agents/claude-code/schemas/records/index.js';
import { claudeCodeTools, mcpToolSpec } from '../../src/agents/claude-code/tools/index.js';
import { decodeCodexLine } from '../../src/agents/codex/decode-record.js';
import { parseCodexToolOutput } from '../../src/agents/codex/schemas/parse-tool-io.js';
import { codexTools } from '../../src/agents/codex/tools/registry.js';
import { codexToolCallInput } from '../../src/agents/codex/tools/tool-call-input.js';
import { mcpTools } from '../../src/mcp/mcp-tools.js';
import { toolInputSchema } from '../../src/mcp/tool-parameters.js';
import type { ToolSpec } from '../../src/schemas/common/define-tool.js';
import { unknownKeys } from '../../src/schemas/common/unknown-keys.js';

function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

function undeclared(schema: z.core.$ZodType, value: unknown): string[] {
  return unknownKeys(schema, value).map((path) => `undeclared field "${path.join('.')}"`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function claudeTool(name: string): ToolSpec | undefined {
  if (name === 'mcp__*') return mcpToolSpec;
  return Object.hasOwn(claudeCodeTools, name)
    ? (claudeCodeTools as Record<string, ToolSpec>)[name]
    : undefined;
}

function codexTool(name: string): ToolSpec | undefined {
  return Object.hasOwn(codexTools, name) ? (codexTools as Record<string, ToolSpec>)[name] : undefined;
}

function claudeRecord(type: string, value: unknown): string[] {
  if (!isObject(value)) return ['not a JSON object'];
  if (value.type !== type) return [`type is "${String(value.type)}", the marker says "${type}"`];
  const decoded = decodeClaudeCodeRecord(value, 'full');
  if (decoded.kind !== 'known') return [`unknown record type "${type}"`];
  const schema = claudeCodeRecordSchemas[type];
  const problems = decoded.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return schema === undefined ? problems : [...problems, ...undeclared(schema, value)];
}

function codexLine(kind: string, value: unknown): string[] {
  if (!isObject(value)) return ['not a JSON object'];
  const decoded = decodeCodexLine(value, 'full', { lineIndex: 1 });
  const actual = decoded.subtype === undefined ? decoded.type : `${decoded.type}:${decoded.subtype}`;
  const problems = decoded.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (!decoded.known) problems.push(`unknown line type "${actual}"`);
  if (actual !== kind) problems.push(`line is "${actual}", the marker says "${kind}"`);
  return problems;
}

function codexToolPart(name: string, part: string, value: unknown): string[] {
  const spec = codexTool(name);
  if (spec === undefined) return [`unknown Codex tool "${name}"`];
  if (part === 'result') return issuesOf(spec.result, value);
  if (!isObject(value) || !isObject(value.payload)) return ['not a rollout line with a payload'];
  const line = codexLine(`response_item:${String(value.payload.type)}`, value);
  if (line.length > 0) return line;
  if (part === 'call') {
    const call = codexToolCallInput(value.payload);
    if (call === undefined) return ['the line is not a tool call'];
    if (!call.input.ok) return [`arguments do not parse: ${call.input.error}`];
    const named = codexTool(call.name);
    if (named?.canonical !== spec.canonical) return [`the call is to "${call.name}", not to "${name}"`];
    return issuesOf(spec.input, call.input.value);
  }
  if (part === 'output') return issuesOf(spec.result, parseCodexToolOutput(value.payload.output));
  return [`unknown part "${part}"`];
}

/**
 * Checks one JSON example against the registry's schemas, by its marker (`<!-- example: KIND … -->`):
 * `record <type>` (valid, and no field the schema does not declare), `codex-line <type[:subtype]>`,
 * `tool <Name> input|result`, `codex tool <name> call|output|result`. Returns the problems (empty when the
 * example is valid).
 */
export function validateExample(marker: string, value: unknown): string[] {
  const words = marker.replace(/^example:\s*/, '').split(/\s+/);
  const [kind, a, b, c] = words;
  switch (kind) {
    case 'record':
      return claudeRecord(a ?? '', value);
    case 'codex-line':
      return codexLine(a ?? '', value);
    case 'tool': {
      const spec = claudeTool(a ?? '');
      if (spec === undefined) return [`unknown Claude Code tool "${a}"`];
      // Tool schemas are loose on purpose (agents add fields often); records are checked for undeclared keys.
      if (b === 'input') return issuesOf(spec.input, value);
      if (b === 'result') return issuesOf(spec.result, value);
      return [`unknown part "${b}"`];
    }
    case 'codex':
      if (a !== 'tool') return [`unknown Codex example "${a}"`];
      return codexToolPart(b ?? '', c ?? '', value);
    case 'mcp':
      return mcpExample(a ?? '', b, value);
    default:
      return [`unknown example kind "${kind}"`];
  }
}

/** `mcp TOOL input-schema`: the schema the server sends for the tool; `mcp client-config`: a client's entry. */
function mcpExample(name: string, part: string | undefined, value: unknown): string[] {
  if (name === 'client-config') {
    const entry = (value as { mcpServers?: Record<string, { command?: string; args?: string[] }> }).mcpServers
      ?.agentlog;
    return entry?.command === 'agentlog' && JSON.stringify(entry.args) === '["mcp"]'
      ? []
      : ['not a client entry that starts agentlog mcp'];
  }
  const tool = mcpTools.find((t) => t.name === name);
  if (!tool) return [`unknown MCP tool "${name}"`];
  if (part !== 'input-schema') return [`unknown part "${part}"`];
  return JSON.stringify(value) === JSON.stringify(toolInputSchema(tool))
    ? []
    : ['differs from the input schema the server sends'];
}
