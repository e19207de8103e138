import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';

/**
 * Issue 16, point 4: `agentlog schema TOOL --version X` holds exactly what version X accepts. Checked
 * against the official Agent SDK's tool input types (`sdk-tools.d.ts`, a dev dependency) at the SDK's own
 * Claude Code version: SDK 0.3.330 ships with Claude Code 2.1.330. Each tool input of the SDK's
 * `ToolInputSchemas` union is compared field by field (name, required or optional, basic type and enum
 * values) with the JSON Schema agentlog prints for that tool at 2.1.330.
 */
const sdkDir = path.resolve(import.meta.dirname, '../node_modules/@anthropic-ai/claude-agent-sdk');
const sdkPackage = path.join(sdkDir, 'package.json');
const sdkVersion = (JSON.parse(readFileSync(sdkPackage, 'utf8')) as { version: string }).version;
/** SDK 0.x.y is built with Claude Code 2.1.y. */
const claudeCodeVersion = `2.1.${sdkVersion.split('.')[2]}`;

/** SDK interface names (without `Input`) whose tool agentlog knows by another name. */
const toolNames: Record<string, string> = {
  FileEdit: 'Edit',
  FileRead: 'Read',
  FileWrite: 'Write',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
  ReadMcpResourceDir: 'ReadMcpResourceDirTool',
  ProposeSkills: 'propose_skills',
  ProposeGoal: 'SetGoal',
};
/** `McpInput` is the arguments of any MCP tool, not one tool. */
const notATool = new Set(['McpInput']);

/** A field's shape, reduced to what both sides can say: a basic type, or the values of an enum. */
type FieldShape = { optional: boolean; type: string };

function shapeOfTypeNode(node: ts.TypeNode | undefined): string {
  return combine(partsOfTypeNode(node));
}

/** The basic types (or `enum:<value>` for string literals) a type node allows. */
function partsOfTypeNode(node: ts.TypeNode | undefined): string[] {
  if (node === undefined) return ['any'];
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return ['string'];
    case ts.SyntaxKind.NumberKeyword:
      return ['number'];
    case ts.SyntaxKind.BooleanKeyword:
      return ['boolean'];
    case ts.SyntaxKind.UnknownKeyword:
    case ts.SyntaxKind.AnyKeyword:
      return ['any'];
    case ts.SyntaxKind.ArrayType:
    case ts.SyntaxKind.TupleType:
      return ['array'];
    case ts.SyntaxKind.TypeLiteral:
    case ts.SyntaxKind.TypeReference:
      return ['object'];
    case ts.SyntaxKind.ParenthesizedType:
      return partsOfTypeNode((node as ts.ParenthesizedTypeNode).type);
    case ts.SyntaxKind.LiteralType: {
      const literal = (node as ts.LiteralTypeNode).literal;
      if (literal.kind === ts.SyntaxKind.NullKeyword) return ['null'];
      if (ts.isStringLiteral(literal)) return [`enum:${literal.text}`];
      return literal.kind === ts.SyntaxKind.TrueKeyword || literal.kind === ts.SyntaxKind.FalseKeyword
        ? ['boolean']
        : ['number'];
    }
    case ts.SyntaxKind.UnionType:
      return (node as ts.UnionTypeNode).types.flatMap(partsOfTypeNode);
    default:
      return [`?${ts.SyntaxKind[node.kind]}`];
  }
}

/** Union members to one shape: string literals make an enum; the rest a sorted list of basic types. */
function combine(parts: string[]): string {
  const enums = parts.filter((p) => p.startsWith('enum:')).map((p) => p.slice(5));
  const others = [...new Set(parts.filter((p) => !p.startsWith('enum:')))];
  const enumPart = enums.length > 0 ? [`enum(${[...new Set(enums)].sort().join('|')})`] : [];
  const all = [...enumPart, ...others].sort();
  return all.length === 1 ? (all[0] as string) : all.join(' | ');
}

function sdkToolInputs(): Map<string, Map<string, FieldShape>> {
  const file = path.join(sdkDir, 'sdk-tools.d.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  let members: string[] = [];
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === 'ToolInputSchemas') {
      const type = statement.type;
      if (!ts.isUnionTypeNode(type)) throw new Error('ToolInputSchemas is not a union');
      members = type.types.flatMap((t) =>
        ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) ? [t.typeName.text] : [],
      );
    }
  }
  const tools = new Map<string, Map<string, FieldShape>>();
  for (const name of members) {
    if (!name.endsWith('Input') || notATool.has(name)) continue;
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`no interface ${name}`);
    const fields = new Map<string, FieldShape>();
    for (const member of declaration.members) {
      if (!ts.isPropertySignature(member)) continue;
      const key = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : '';
      fields.set(key, { optional: member.questionToken !== undefined, type: shapeOfTypeNode(member.type) });
    }
    const stem = name.slice(0, -'Input'.length);
    tools.set(toolNames[stem] ?? stem, fields);
  }
  return tools;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function shapeOfSchema(schema: JsonSchema): string {
  return combine(partsOfSchema(schema));
}

function partsOfSchema(schema: JsonSchema): string[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap(partsOfSchema);
  if (schema.enum) return schema.enum.map((v) => (typeof v === 'string' ? `enum:${v}` : typeof v));
  if (typeof schema.const === 'string') return [`enum:${schema.const}`];
  const types = schema.type === undefined ? ['any'] : [schema.type].flat();
  return types.map((t) => (t === 'integer' ? 'number' : t));
}

async function agentlogToolInput(tool: string): Promise<Map<string, FieldShape> | string> {
  const io = memoryIo({});
  const code = await runCli(['schema', tool, '--version', claudeCodeVersion], io);
  if (code !== 0) return `exit ${code}: ${io.err().trim()}`;
  const schema = JSON.parse(io.out()) as JsonSchema;
  if (schema.type !== 'object' || schema.anyOf || schema.oneOf)
    return 'not one object (a union of input shapes)';
  const required = new Set(schema.required ?? []);
  const fields = new Map<string, FieldShape>();
  for (const [name, field] of Object.entries(schema.properties ?? {}))
    fields.set(name, { optional: !required.has(name), type: shapeOfSchema(field) });
  return fields;
}

/** Differences between the SDK's fields and agentlog's, one sentence each. */
function differences(sdk: Map<string, FieldShape>, ours: Map<string, FieldShape>): string[] {
  const out: string[] = [];
  for (const [name, field] of sdk) {
    const mine = ours.get(name);
    if (!mine) out.push(`missing field ${name}`);
    else {
      if (mine.optional !== field.optional)
        out.push(`${name}: ${field.optional ? 'optional' : 'required'} in the SDK`);
      if (mine.type !== field.type) out.push(`${name}: SDK ${field.type}, agentlog ${mine.type}`);
    }
  }
  for (const name of ours.keys()) if (!sdk.has(name)) out.push(`extra field ${name}`);
  return out;
}

describe(`tool input schemas at Claude Code ${claudeCodeVersion} against the Agent SDK ${sdkVersion}`, () => {
  const sdk = sdkToolInputs();
  const results = new Map<string, string[]>();

  beforeAll(async () => {
    for (const [tool, fields] of sdk) {
      const ours = await agentlogToolInput(tool);
      results.set(tool, typeof ours === 'string' ? [ours] : differences(fields, ours));
    }
  });

  it('reads the 43 tool inputs of the SDK', () => {
    expect(sdk.size).toBe(43);
  });

  it('agrees on every tool input: field names, optionality, types and enum values', () => {
    const disagreeing = Object.fromEntries([...results].filter(([, diffs]) => diffs.length > 0));
    expect(disagreeing).toEqual({});
    expect([...results.values()].filter((d) => d.length === 0)).toHaveLength(43);
  });
});
