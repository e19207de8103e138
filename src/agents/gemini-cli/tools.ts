/**
 * Gemini CLI's built-in tools (google-gemini/gemini-cli `packages/core/src/tools/`), keyed by the name a tool
 * call carries, each with its canonical kind. Argument names changed over releases (`absolute_path` ->
 * `file_path`, `path` -> `dir_path`): both are declared. Inputs seen in test/data/corpus-more: run_shell_command
 * {command, description}, read_file {file_path}, write_file {file_path, content}, write_todos {todos},
 * delegate_to_agent {agent_name, objective}, search_file_content {pattern}; the others follow the source.
 */
import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../schemas/common/define-tool.js';
import type { AdapterToolLookup } from '../agent-adapter.js';

/** `resultDisplay`: what the terminal showed (text, nothing, or an object such as a file diff). */
const displaySchema = z.union([
  z.string(),
  z.null(),
  z.looseObject({
    fileDiff: z.string().optional(),
    fileName: z.string().optional(),
    originalContent: z.string().nullable().optional(),
    newContent: z.string().optional(),
    isSubagentProgress: z.boolean().optional(),
  }),
]);

const filtering = z
  .looseObject({ respect_git_ignore: z.boolean().optional(), respect_gemini_ignore: z.boolean().optional() })
  .optional();

export const geminiTools = {
  run_shell_command: defineTool({
    name: 'run_shell_command',
    description: 'Runs a shell command (bash -c) and returns its output, exit code and process group.',
    kind: 'shell',
    input: z.looseObject({
      command: z.string(),
      description: z.string().optional(),
      directory: z.string().optional().describe('Older name of dir_path'),
      dir_path: z.string().optional(),
      is_background: z.boolean().optional(),
    }),
    result: displaySchema,
  }),
  read_file: defineTool({
    name: 'read_file',
    description: 'Reads a file (text, image, PDF), optionally a range of lines.',
    kind: 'read',
    input: z.looseObject({
      file_path: z.string().optional(),
      absolute_path: z.string().optional().describe('Older name of file_path'),
      offset: z.number().optional(),
      limit: z.number().optional(),
    }),
    result: displaySchema,
    history: ['absolute_path was renamed file_path.'],
  }),
  read_many_files: defineTool({
    name: 'read_many_files',
    description: 'Reads several files or globs and concatenates their contents.',
    kind: 'read',
    input: z.looseObject({
      paths: z.array(z.string()).optional(),
      include: z.array(z.string()).optional(),
      exclude: z.array(z.string()).optional(),
      recursive: z.boolean().optional(),
      useDefaultExcludes: z.boolean().optional(),
      file_filtering_options: filtering,
    }),
    result: displaySchema,
  }),
  list_directory: defineTool({
    name: 'list_directory',
    description: 'Lists the files and folders of a folder.',
    kind: 'read',
    input: z.looseObject({
      path: z.string().optional().describe('Older name of dir_path'),
      dir_path: z.string().optional(),
      ignore: z.array(z.string()).optional(),
      file_filtering_options: filtering,
    }),
    result: displaySchema,
  }),
  write_file: defineTool({
    name: 'write_file',
    description: 'Writes a whole file (created or replaced); the display is a diff.',
    kind: 'write',
    input: z.looseObject({
      file_path: z.string(),
      content: z.string(),
      modified_by_user: z.boolean().optional(),
    }),
    result: displaySchema,
  }),
  replace: defineTool({
    name: 'replace',
    description: 'Replaces text in a file (old_string -> new_string, a given number of times).',
    kind: 'edit',
    input: z.looseObject({
      file_path: z.string(),
      old_string: z.string(),
      new_string: z.string(),
      expected_replacements: z.number().optional(),
      instruction: z.string().optional(),
      modified_by_user: z.boolean().optional(),
    }),
    result: displaySchema,
  }),
  glob: defineTool({
    name: 'glob',
    description: 'Finds files whose paths match a glob pattern, newest first.',
    kind: 'search',
    input: z.looseObject({
      pattern: z.string(),
      path: z.string().optional().describe('Older name of dir_path'),
      dir_path: z.string().optional(),
      case_sensitive: z.boolean().optional(),
      respect_git_ignore: z.boolean().optional(),
      respect_gemini_ignore: z.boolean().optional(),
    }),
    result: displaySchema,
  }),
  search_file_content: defineTool({
    name: 'search_file_content',
    description: 'Searches file contents for a regular expression (grep / ripgrep).',
    kind: 'search',
    input: z.looseObject({
      pattern: z.string(),
      path: z.string().optional().describe('Older name of dir_path'),
      dir_path: z.string().optional(),
      include: z.string().optional(),
    }),
    result: displaySchema,
  }),
  web_fetch: defineTool({
    name: 'web_fetch',
    description: 'Fetches the URLs named in a prompt and answers the prompt from them.',
    kind: 'web',
    input: z.looseObject({ prompt: z.string() }),
    result: displaySchema,
  }),
  google_web_search: defineTool({
    name: 'google_web_search',
    description: 'Searches the web with Google Search grounding and answers with sources.',
    kind: 'web',
    input: z.looseObject({ query: z.string() }),
    result: displaySchema,
  }),
  save_memory: defineTool({
    name: 'save_memory',
    description: 'Saves a fact to the long-term memory file (GEMINI.md).',
    kind: 'other',
    input: z.looseObject({ fact: z.string() }),
    result: displaySchema,
  }),
  write_todos: defineTool({
    name: 'write_todos',
    description: 'Replaces the session todo list (description and status of each item).',
    kind: 'plan',
    input: z.looseObject({
      todos: z.array(
        z.looseObject({
          description: z.string(),
          status: z.string().describe('pending | in_progress | completed | cancelled'),
        }),
      ),
    }),
    result: displaySchema,
  }),
  delegate_to_agent: defineTool({
    name: 'delegate_to_agent',
    description: 'Runs a subagent (codebase_investigator...) on an objective and returns its report.',
    kind: 'subagent',
    input: z.looseObject({ agent_name: z.string(), objective: z.string().optional() }),
    result: displaySchema,
  }),
  codebase_investigator: defineTool({
    name: 'codebase_investigator',
    description: 'The built-in investigator subagent called as a tool: explores the code for an objective.',
    kind: 'subagent',
    input: z.looseObject({ objective: z.string() }),
    result: displaySchema,
  }),
} satisfies Record<string, ToolSpec>;

/** Built-in, MCP (`server__tool`, the name Gemini CLI gives an MCP tool whose name is taken), or unknown. */
export function lookupGeminiTool(name: string): AdapterToolLookup {
  if (Object.hasOwn(geminiTools, name))
    return { kind: 'builtin', spec: geminiTools[name as keyof typeof geminiTools] };
  const split = name.indexOf('__');
  if (split > 0 && split < name.length - 2)
    return { kind: 'mcp', server: name.slice(0, split), tool: name.slice(split + 2) };
  return { kind: 'unknown' };
}
