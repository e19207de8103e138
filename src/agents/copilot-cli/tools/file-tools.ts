import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { copilotToolOutputSchema } from './tool-output.js';

/** Arguments of `view`: a file (optionally a line range) or a folder listing. */
export const copilotViewInputSchema = z.looseObject({
  path: z.string(),
  view_range: z.array(z.number()).optional().describe('[first line, last line]; -1: to the end'),
});

export const viewTool = defineTool({
  name: 'view',
  kind: 'read',
  description: 'Shows a file with line numbers, or lists a folder.',
  input: copilotViewInputSchema,
  result: copilotToolOutputSchema,
});

export const createTool = defineTool({
  name: 'create',
  kind: 'write',
  description: 'Creates a file with the given text.',
  input: z.looseObject({ path: z.string(), file_text: z.string() }),
  result: copilotToolOutputSchema,
});

export const editTool = defineTool({
  name: 'edit',
  kind: 'edit',
  description: 'Replaces one exact occurrence of `old_str` with `new_str` in a file.',
  input: z.looseObject({ path: z.string(), old_str: z.string(), new_str: z.string().optional() }),
  result: copilotToolOutputSchema,
});

/** Arguments of `str_replace_editor`: the 2025 file tool, one `command` per action. */
export const copilotStrReplaceEditorInputSchema = z.looseObject({
  command: z.string().describe('"view", "create", "str_replace", "insert" or "undo_edit"'),
  path: z.string(),
  file_text: z.string().optional(),
  old_str: z.string().optional(),
  new_str: z.string().optional(),
  insert_line: z.number().optional(),
  view_range: z.array(z.number()).optional(),
});

export const strReplaceEditorTool = defineTool({
  name: 'str_replace_editor',
  kind: 'edit',
  description:
    'The 2025 file tool: views, creates and edits files by `command` (later split into view, create, edit).',
  input: copilotStrReplaceEditorInputSchema,
  result: copilotToolOutputSchema,
  status: 'removed',
  history: ['Replaced by `view`, `create` and `edit` in 1.0.x.'],
});

export const applyPatchTool = defineTool({
  name: 'apply_patch',
  kind: 'edit',
  description: 'Applies a patch; the arguments are the raw patch text (GPT models).',
  input: z.union([z.string(), z.looseObject({ input: z.string().optional() })]),
  result: copilotToolOutputSchema,
});

/** Arguments of `grep` (ripgrep): flag-style keys kept as written (`-n`, `-i`, `-A`...). */
export const copilotGrepInputSchema = z.looseObject({
  pattern: z.string(),
  path: z.string().optional(),
  paths: z.string().optional(),
  output_mode: z.string().optional().describe('"content", "files_with_matches" or "count"'),
  glob: z.string().optional(),
  type: z.string().optional(),
  '-n': z.boolean().optional(),
  '-i': z.boolean().optional(),
  '-A': z.number().optional(),
  '-B': z.number().optional(),
  '-C': z.number().optional(),
  head_limit: z.number().optional(),
  multiline: z.boolean().optional(),
});

export const grepTool = defineTool({
  name: 'grep',
  kind: 'search',
  description: 'Searches file contents with ripgrep.',
  input: copilotGrepInputSchema,
  result: copilotToolOutputSchema,
});

export const rgTool = defineTool({
  name: 'rg',
  canonical: 'grep',
  kind: 'search',
  description: 'Name of `grep` seen in some sessions (ripgrep).',
  input: copilotGrepInputSchema,
  result: copilotToolOutputSchema,
});

export const globTool = defineTool({
  name: 'glob',
  kind: 'search',
  description: 'Finds files by name pattern.',
  input: z.looseObject({ pattern: z.string(), path: z.string().optional(), paths: z.string().optional() }),
  result: copilotToolOutputSchema,
});
