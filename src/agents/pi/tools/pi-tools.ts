/**
 * Pi built-in tools, keyed by the name a `toolCall` block carries (badlogic/pi-mono
 * packages/coding-agent/src/core/tools/*.ts). Inputs are the call's `arguments`; the structured result
 * is the toolResult message's `details`.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../../schemas/common/define-tool.js';
import { lookupRegistryTool, type RegistryToolLookup } from '../../lookup-registry-tool.js';

/** `details.truncation` of tools whose output pi cut. */
const truncationDetails = z.looseObject({
  truncation: z.looseObject({}).optional(),
  fullOutputPath: z.string().optional(),
});
const relativeOrAbsolute = z.string().describe('Path (relative to cwd or absolute)');

export const readTool = defineTool({
  name: 'read',
  kind: 'read',
  description: 'Reads a file (text or image), optionally from a line for a number of lines.',
  input: z.looseObject({
    path: relativeOrAbsolute,
    offset: z.number().optional(),
    limit: z.number().optional(),
  }),
  result: truncationDetails,
});

export const writeTool = defineTool({
  name: 'write',
  kind: 'write',
  description: 'Writes a whole file, creating folders as needed.',
  input: z.looseObject({ path: relativeOrAbsolute, content: z.string() }),
  result: z.unknown(),
});

const replacement = z.looseObject({ oldText: z.string(), newText: z.string() });

export const editTool = defineTool({
  name: 'edit',
  kind: 'edit',
  description: 'Replaces exact text in a file (one block, or several `edits` in newer builds).',
  input: z.looseObject({
    path: relativeOrAbsolute,
    oldText: z.string().optional().describe('Single-block form (2025 builds)'),
    newText: z.string().optional(),
    edits: z.array(replacement).optional().describe('Several blocks (2026 builds)'),
  }),
  result: z.looseObject({
    diff: z.string().optional(),
    patch: z.string().optional(),
    firstChangedLine: z.number().optional(),
  }),
  history: ['`oldText`/`newText` became a list of `edits` in 2026 builds.'],
});

export const bashTool = defineTool({
  name: 'bash',
  kind: 'shell',
  description: 'Runs a bash command; a non-zero exit makes the result an error.',
  input: z.looseObject({ command: z.string(), timeout: z.number().optional().describe('Seconds') }),
  result: truncationDetails,
});

export const powershellTool = defineTool({
  name: 'powershell',
  kind: 'shell',
  description: 'Runs a PowerShell command (Windows only).',
  input: z.looseObject({ command: z.string(), timeout: z.number().optional() }),
  result: truncationDetails,
});

export const grepTool = defineTool({
  name: 'grep',
  kind: 'search',
  description: 'Searches file contents (ripgrep).',
  input: z.looseObject({
    pattern: z.string(),
    path: z.string().optional(),
    glob: z.string().optional(),
    ignoreCase: z.boolean().optional(),
    literal: z.boolean().optional(),
    context: z.number().optional(),
    limit: z.number().optional(),
  }),
  result: truncationDetails,
});

export const findTool = defineTool({
  name: 'find',
  kind: 'search',
  description: 'Finds files by glob pattern.',
  input: z.looseObject({ pattern: z.string(), path: z.string().optional(), limit: z.number().optional() }),
  result: truncationDetails,
});

export const lsTool = defineTool({
  name: 'ls',
  kind: 'search',
  description: 'Lists a folder.',
  input: z.looseObject({ path: z.string().optional(), limit: z.number().optional() }),
  result: truncationDetails,
});

/** The registry: names as calls carry them. */
export const piTools = {
  read: readTool,
  write: writeTool,
  edit: editTool,
  bash: bashTool,
  powershell: powershellTool,
  grep: grepTool,
  find: findTool,
  ls: lsTool,
} as const satisfies Record<string, ToolSpec>;

export type PiToolName = keyof typeof piTools;

export type PiToolLookup = RegistryToolLookup<PiToolName>;

/**
 * Resolves a call's tool name: a built-in, an MCP tool as the pi MCP adapters name them
 * (`mcp__<server>__<tool>`), or unknown (extension tools: pi has no built-in MCP).
 */
export function lookupPiTool(name: string): PiToolLookup {
  return lookupRegistryTool(piTools, name);
}
