/**
 * Cursor's tools as the transcripts call them (`tool_use.name`). Only the names the files of
 * test/data/corpus-more call are registered, and `Subagent`, which agentsview (cursor.go) describes in real
 * delegating transcripts (no Cursor tool reference was found to take more from):
 * others are reported as unknown by `validate`, never guessed. Inputs are the call's `input`; the
 * transcripts carry no structured results.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../../schemas/common/define-tool.js';
import { lookupRegistryTool, type RegistryToolLookup } from '../../lookup-registry-tool.js';

export const shellTool = defineTool({
  name: 'Shell',
  kind: 'shell',
  description: 'Runs a shell command in the workspace.',
  input: z.looseObject({
    command: z.string(),
    description: z.string().optional().describe('What the command is for, in the agent’s words'),
  }),
  result: z.unknown(),
});

export const bashTool = defineTool({
  name: 'Bash',
  kind: 'shell',
  description: 'Runs a shell command (the name some transcripts give the shell tool).',
  input: z.looseObject({ command: z.string() }),
  result: z.unknown(),
});

export const readTool = defineTool({
  name: 'Read',
  kind: 'read',
  description: 'Reads a file.',
  input: z.looseObject({
    file_path: z.string().optional(),
    path: z.string().optional(),
  }),
  result: z.unknown(),
});

export const readFileTool = defineTool({
  name: 'read_file',
  kind: 'read',
  description: 'Reads a file (the name seen in a `tool_call` block of a drifted transcript).',
  input: z.looseObject({ path: z.string().optional(), target_file: z.string().optional() }),
  result: z.unknown(),
});

export const agentTool = defineTool({
  name: 'Agent',
  kind: 'subagent',
  description:
    'Starts a subagent with a prompt; its transcript is written to `subagents/` beside the parent.',
  input: z.looseObject({ prompt: z.string() }),
  result: z.unknown(),
});

export const subagentTool = defineTool({
  name: 'Subagent',
  kind: 'subagent',
  description:
    'Delegates to a subagent: the call has a null id and no result; the child transcript is in `subagents/` (kenn-io/agentsview cursor.go).',
  input: z.looseObject({}),
  result: z.unknown(),
});

/** The registry: names as calls carry them. */
export const cursorTools = {
  Shell: shellTool,
  Bash: bashTool,
  Read: readTool,
  read_file: readFileTool,
  Agent: agentTool,
  Subagent: subagentTool,
} as const satisfies Record<string, ToolSpec>;

export type CursorToolName = keyof typeof cursorTools;

export type CursorToolLookup = RegistryToolLookup<CursorToolName>;

/**
 * Resolves a call's tool name: a built-in, an MCP tool in the `mcp__<server>__<tool>` form (as other agents
 * name them; no Cursor MCP call was seen), or unknown.
 */
export function lookupCursorTool(name: string): CursorToolLookup {
  return lookupRegistryTool(cursorTools, name);
}
