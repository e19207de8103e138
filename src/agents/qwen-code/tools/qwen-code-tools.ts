/**
 * Qwen Code built-in tools, keyed by the name a `functionCall` carries (QwenLM/qwen-code
 * packages/core/src/tools/tool-names.ts, with the legacy names of ToolNamesMigration). Inputs are the
 * `args` the model sent; the structured result is `toolCallResult.resultDisplay` (a string, or a file
 * diff for edits and writes).
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../../schemas/common/define-tool.js';
import { lookupRegistryTool, type RegistryToolLookup } from '../../lookup-registry-tool.js';

/** `resultDisplay` of edit and write_file: a file diff. */
export const qwenFileDiffSchema = z.looseObject({
  fileDiff: z.string(),
  fileName: z.string(),
  originalContent: z.string().nullable().optional(),
  newContent: z.string().optional(),
  truncatedForSession: z.boolean().optional(),
});
const display = z.unknown().describe('`toolCallResult.resultDisplay`: text, or a structured display');
const filePath = z.string().describe('Absolute path of the file');

export const readFileTool = defineTool({
  name: 'read_file',
  kind: 'read',
  description: 'Reads a file (text, image or PDF), optionally a line range.',
  input: z.looseObject({
    absolute_path: filePath.optional(),
    file_path: filePath.optional().describe('Newer name of `absolute_path`'),
    path: z.string().optional().describe('Seen in some builds and fixtures'),
    offset: z.number().optional(),
    limit: z.number().optional(),
  }),
  result: display,
});

export const readManyFilesTool = defineTool({
  name: 'read_many_files',
  kind: 'read',
  description: 'Reads several files or globs at once.',
  input: z.looseObject({ paths: z.array(z.string()), include: z.array(z.string()).optional() }),
  result: display,
  status: 'deprecated',
});

export const writeFileTool = defineTool({
  name: 'write_file',
  kind: 'write',
  description: 'Writes a whole file.',
  input: z.looseObject({ file_path: filePath, content: z.string() }),
  result: z.union([qwenFileDiffSchema, z.string()]),
});

const editInput = z.looseObject({
  file_path: filePath,
  old_string: z.string(),
  new_string: z.string(),
  replace_all: z.boolean().optional(),
  expected_replacements: z.number().optional().describe('Older form of `replace_all`'),
});

export const editTool = defineTool({
  name: 'edit',
  kind: 'edit',
  aliases: ['replace'],
  description: 'Replaces exact text in a file.',
  input: editInput,
  result: z.union([qwenFileDiffSchema, z.string()]),
});

export const replaceTool = defineTool({
  name: 'replace',
  canonical: 'edit',
  kind: 'edit',
  description: 'Older name of `edit` (Gemini CLI lineage).',
  input: editInput,
  result: z.union([qwenFileDiffSchema, z.string()]),
  status: 'removed',
});

export const runShellCommandTool = defineTool({
  name: 'run_shell_command',
  kind: 'shell',
  description: 'Runs a shell command (bash -c) and returns its output and exit code.',
  input: z.looseObject({
    command: z.string(),
    description: z.string().optional(),
    directory: z.string().optional(),
    is_background: z.boolean().optional(),
    timeout: z.number().optional(),
  }),
  result: display,
});

export const listDirectoryTool = defineTool({
  name: 'list_directory',
  kind: 'search',
  description: 'Lists a folder.',
  input: z.looseObject({
    path: z.string().describe('Absolute path of the folder'),
    ignore: z.array(z.string()).optional(),
    file_filtering_options: z.looseObject({}).optional(),
  }),
  result: display,
});

export const globTool = defineTool({
  name: 'glob',
  kind: 'search',
  description: 'Finds files by glob pattern.',
  input: z.looseObject({ pattern: z.string(), path: z.string().optional() }),
  result: display,
});

const grepInput = z.looseObject({
  pattern: z.string(),
  path: z.string().optional(),
  glob: z.string().optional(),
  include: z.string().optional().describe('Older name of `glob`'),
  limit: z.number().optional(),
});

export const grepSearchTool = defineTool({
  name: 'grep_search',
  kind: 'search',
  aliases: ['search_file_content'],
  description: 'Searches file contents by regular expression.',
  input: grepInput,
  result: display,
});

export const searchFileContentTool = defineTool({
  name: 'search_file_content',
  canonical: 'grep_search',
  kind: 'search',
  description: 'Older name of `grep_search`.',
  input: grepInput,
  result: display,
  status: 'removed',
});

export const webFetchTool = defineTool({
  name: 'web_fetch',
  kind: 'web',
  description: 'Fetches a URL and answers a prompt about it.',
  input: z.looseObject({ url: z.string().optional(), prompt: z.string().optional() }),
  result: display,
});

export const webSearchTool = defineTool({
  name: 'web_search',
  kind: 'web',
  description: 'Searches the web.',
  input: z.looseObject({ query: z.string() }),
  result: display,
});

const todoItem = z.looseObject({
  id: z.string().optional(),
  content: z.string(),
  status: z.string().describe('pending, in_progress or completed'),
});

export const todoWriteTool = defineTool({
  name: 'todo_write',
  kind: 'plan',
  description: 'Writes the session todo list (replaced by the task_* tools in 2026 builds).',
  input: z.looseObject({ todos: z.array(todoItem) }),
  result: display,
  status: 'deprecated',
});

export const saveMemoryTool = defineTool({
  name: 'save_memory',
  kind: 'other',
  description: 'Saves a fact to QWEN.md memory.',
  input: z.looseObject({ fact: z.string(), scope: z.string().optional() }),
  result: display,
});

const agentInput = z.looseObject({
  description: z.string().optional(),
  prompt: z.string(),
  subagent_type: z.string().optional(),
});

export const agentTool = defineTool({
  name: 'agent',
  kind: 'subagent',
  aliases: ['task'],
  description: 'Runs a subagent on a task.',
  input: agentInput,
  result: display,
});

export const taskTool = defineTool({
  name: 'task',
  canonical: 'agent',
  kind: 'subagent',
  description: 'Older name of `agent`.',
  input: agentInput,
  result: display,
  status: 'removed',
});

export const skillTool = defineTool({
  name: 'skill',
  kind: 'other',
  description: 'Loads a skill.',
  input: z.looseObject({ skill: z.string() }),
  result: display,
});

export const exitPlanModeTool = defineTool({
  name: 'exit_plan_mode',
  kind: 'plan',
  description: 'Presents a plan and leaves plan mode.',
  input: z.looseObject({ plan: z.string() }),
  result: display,
});

export const askUserQuestionTool = defineTool({
  name: 'ask_user_question',
  kind: 'plan',
  description: 'Asks the user questions with options.',
  input: z.looseObject({ questions: z.array(z.looseObject({})).optional() }),
  result: display,
});

export const lspTool = defineTool({
  name: 'lsp',
  kind: 'read',
  description: 'Language-server queries (definitions, references, diagnostics).',
  input: z.looseObject({ operation: z.string().optional() }),
  result: display,
});

const taskManagement = (name: string, description: string): ToolSpec =>
  defineTool({ name, kind: 'plan', description, input: z.looseObject({}), result: display });

/** The registry: names as calls carry them. */
export const qwenCodeTools = {
  read_file: readFileTool,
  read_many_files: readManyFilesTool,
  write_file: writeFileTool,
  edit: editTool,
  replace: replaceTool,
  run_shell_command: runShellCommandTool,
  list_directory: listDirectoryTool,
  glob: globTool,
  grep_search: grepSearchTool,
  search_file_content: searchFileContentTool,
  web_fetch: webFetchTool,
  web_search: webSearchTool,
  todo_write: todoWriteTool,
  save_memory: saveMemoryTool,
  agent: agentTool,
  task: taskTool,
  skill: skillTool,
  exit_plan_mode: exitPlanModeTool,
  ask_user_question: askUserQuestionTool,
  lsp: lspTool,
  task_create: taskManagement('task_create', 'Creates a task in the session task list.'),
  task_get: taskManagement('task_get', 'Reads one task.'),
  task_list: taskManagement('task_list', 'Lists the tasks.'),
  task_update: taskManagement('task_update', 'Updates a task.'),
  task_stop: taskManagement('task_stop', 'Stops a background task.'),
  task_output: taskManagement('task_output', 'Reads a background task’s output.'),
} as const satisfies Record<string, ToolSpec>;

export type QwenCodeToolName = keyof typeof qwenCodeTools;

/** What a tool name in a Qwen Code call refers to. */
export type QwenCodeToolLookup = RegistryToolLookup<QwenCodeToolName>;

/**
 * Resolves a call's tool name: a built-in, an MCP tool (`mcp__<server>__<tool>`, the name Qwen Code gives
 * MCP tools), or unknown.
 */
export function lookupQwenCodeTool(name: string): QwenCodeToolLookup {
  return lookupRegistryTool(qwenCodeTools, name);
}
