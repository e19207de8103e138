/**
 * OpenCode's built-in tools, keyed by the name a tool part carries (`tool` in the storage tree, `name` in
 * v2 rows). 1.x names (sst/opencode `packages/opencode/src/tool/*.ts`: `bash`, `read` with `filePath`...) and
 * 2.x names seen in the corpus (`shell`, `read` with `path`, `subagent`, `skill`, `execute`) are both here;
 * inputs accept either spelling. Results are the part's `state.output` (1.x) or `state.content` (2.x) with
 * `state.metadata` as the structured result.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../../schemas/common/define-tool.js';
import { lookupRegistryTool, type RegistryToolLookup } from '../../lookup-registry-tool.js';

const metadata = z.looseObject({ truncated: z.boolean().optional() });
const filePath = z.string().optional().describe('1.x: absolute path');
const plainPath = z.string().optional().describe('2.x: path relative to the project or absolute');

export const readTool = defineTool({
  name: 'read',
  kind: 'read',
  description: 'Reads a file, optionally from a line offset for a number of lines.',
  input: z.looseObject({
    filePath,
    path: plainPath,
    offset: z.number().optional(),
    limit: z.number().optional(),
  }),
  result: metadata.extend({ preview: z.string().optional() }),
  history: ['`filePath` (1.x) became `path` (2.0).'],
});
export const writeTool = defineTool({
  name: 'write',
  kind: 'write',
  description: 'Writes a whole file.',
  input: z.looseObject({ filePath, path: plainPath, content: z.string() }),
  result: metadata,
});
export const editTool = defineTool({
  name: 'edit',
  kind: 'edit',
  description: 'Replaces exact text in a file.',
  input: z.looseObject({
    filePath,
    path: plainPath,
    oldString: z.string(),
    newString: z.string(),
    replaceAll: z.boolean().optional(),
  }),
  result: metadata.extend({
    files: z.array(z.looseObject({ file: z.string().optional() })).optional(),
    diff: z.string().optional(),
  }),
});
export const multieditTool = defineTool({
  name: 'multiedit',
  kind: 'edit',
  description: 'Several exact replacements in one file.',
  input: z.looseObject({
    filePath,
    edits: z.array(z.looseObject({ oldString: z.string(), newString: z.string() })),
  }),
  result: metadata,
});
export const patchTool = defineTool({
  name: 'patch',
  kind: 'edit',
  description: 'Applies a patch to files.',
  input: z.looseObject({ patchText: z.string() }),
  result: metadata,
});
export const applyPatchTool = defineTool({
  name: 'apply_patch',
  kind: 'edit',
  description: 'Applies a patch in the apply_patch format (OpenAI models).',
  input: z.looseObject({ patchText: z.string().optional(), input: z.string().optional() }),
  result: metadata,
});
const shellInput = z.looseObject({
  command: z.string(),
  cwd: z.string().optional(),
  timeout: z.number().optional(),
  description: z.string().optional(),
});
const shellResult = metadata.extend({
  exit: z.number().nullable().optional(),
  status: z.string().optional(),
});
export const bashTool = defineTool({
  name: 'bash',
  kind: 'shell',
  description: 'Runs a shell command (1.x name).',
  input: shellInput,
  result: shellResult,
});
export const shellTool = defineTool({
  name: 'shell',
  kind: 'shell',
  description: 'Runs a shell command (2.x name); the exit code is in the metadata.',
  input: shellInput,
  result: shellResult,
});
export const globTool = defineTool({
  name: 'glob',
  kind: 'search',
  description: 'Finds files by glob pattern.',
  input: z.looseObject({ pattern: z.string(), path: z.string().optional() }),
  result: metadata.extend({ count: z.number().optional() }),
});
export const grepTool = defineTool({
  name: 'grep',
  kind: 'search',
  description: 'Searches file contents by regular expression.',
  input: z.looseObject({ pattern: z.string(), path: z.string().optional(), include: z.string().optional() }),
  result: metadata.extend({ matches: z.number().optional() }),
});
export const listTool = defineTool({
  name: 'list',
  kind: 'search',
  description: 'Lists a folder as a tree.',
  input: z.looseObject({ path: z.string().optional(), ignore: z.array(z.string()).optional() }),
  result: metadata,
});
export const webfetchTool = defineTool({
  name: 'webfetch',
  kind: 'web',
  description: 'Fetches a URL as text, Markdown or HTML.',
  input: z.looseObject({ url: z.string(), format: z.string().optional(), timeout: z.number().optional() }),
  result: metadata.extend({ contentType: z.string().optional() }),
});
export const websearchTool = defineTool({
  name: 'websearch',
  kind: 'web',
  description: 'Searches the web.',
  input: z.looseObject({ query: z.string() }),
  result: metadata,
});
export const codesearchTool = defineTool({
  name: 'codesearch',
  kind: 'web',
  description: 'Searches code examples and documentation on the web.',
  input: z.looseObject({ query: z.string() }),
  result: metadata,
});
export const taskTool = defineTool({
  name: 'task',
  kind: 'subagent',
  description: 'Runs a subagent in a child session (1.x name).',
  input: z.looseObject({
    description: z.string().optional(),
    prompt: z.string(),
    subagent_type: z.string().optional(),
  }),
  result: metadata.extend({ sessionId: z.string().optional() }),
});
export const subagentTool = defineTool({
  name: 'subagent',
  kind: 'subagent',
  description: 'Runs a subagent in a child session (2.x name); the metadata names the child session.',
  input: z.looseObject({
    agent: z.string().optional(),
    description: z.string().optional(),
    prompt: z.string(),
  }),
  result: metadata.extend({ sessionID: z.string().optional(), status: z.string().optional() }),
});
export const todowriteTool = defineTool({
  name: 'todowrite',
  kind: 'plan',
  description: 'Replaces the session todo list.',
  input: z.looseObject({ todos: z.array(z.looseObject({ content: z.string() })) }),
  result: metadata,
});
export const todoreadTool = defineTool({
  name: 'todoread',
  kind: 'plan',
  description: 'Reads the session todo list.',
  input: z.looseObject({}),
  result: metadata,
});
export const skillTool = defineTool({
  name: 'skill',
  kind: 'other',
  description: 'Loads a skill (instructions) into the conversation.',
  input: z.looseObject({ id: z.string().optional(), name: z.string().optional() }),
  result: metadata.extend({ name: z.string().optional(), directory: z.string().optional() }),
});
export const executeTool = defineTool({
  name: 'execute',
  kind: 'other',
  description: 'Runs JavaScript that calls code-mode tools (2.x); the metadata lists the calls it made.',
  input: z.looseObject({ code: z.string() }),
  result: metadata.extend({ toolCalls: z.array(z.looseObject({ tool: z.string().optional() })).optional() }),
});
export const questionTool = defineTool({
  name: 'question',
  kind: 'other',
  description: 'Asks the user questions and waits for the answers.',
  input: z.looseObject({ questions: z.array(z.unknown()).optional() }),
  result: metadata,
});

/** The registry: names as tool parts carry them. */
export const opencodeTools = {
  read: readTool,
  write: writeTool,
  edit: editTool,
  multiedit: multieditTool,
  patch: patchTool,
  apply_patch: applyPatchTool,
  bash: bashTool,
  shell: shellTool,
  glob: globTool,
  grep: grepTool,
  list: listTool,
  webfetch: webfetchTool,
  websearch: websearchTool,
  codesearch: codesearchTool,
  task: taskTool,
  subagent: subagentTool,
  todowrite: todowriteTool,
  todoread: todoreadTool,
  skill: skillTool,
  execute: executeTool,
  question: questionTool,
} as const satisfies Record<string, ToolSpec>;

export type OpencodeToolName = keyof typeof opencodeTools;

/**
 * Resolves a tool name: a built-in, an MCP tool (OpenCode names them `<server>_<tool>`, which cannot be
 * told from a plugin tool, so only the `mcp__server__tool` form resolves as MCP), or unknown.
 */
export function lookupOpencodeTool(name: string): RegistryToolLookup<OpencodeToolName> {
  return lookupRegistryTool(opencodeTools, name);
}
