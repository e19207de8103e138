import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { parsedShellOutputSchema } from './tool-result.js';

/**
 * Input of `apply_patch`: `{input}` holding the patch text (`*** Begin Patch` ... `*** End Patch`). The
 * freeform form (`custom_tool_call`) carries the text as the call's raw `input`; the function form
 * carries `{"input": "..."}` as JSON arguments.
 */
export const applyPatchInputSchema = z.looseObject({
  input: z.string().describe('Patch text in the apply_patch format'),
});

export const applyPatchTool = defineTool({
  kind: 'edit',
  name: 'apply_patch',
  description: 'Adds, deletes, updates or moves files with a patch in the apply_patch format.',
  input: applyPatchInputSchema,
  result: parsedShellOutputSchema,
  history: [
    'Freeform (custom_tool_call) for models that support it, function {input} otherwise.',
    'Output: JSON {output, metadata} in 2025-2026 builds, or plain "Success. Updated the following files:".',
  ],
});

/** Arguments of the experimental `read_file`. */
export const readFileInputSchema = z.looseObject({
  file_path: z.string().describe('Absolute path'),
  offset: z.number().optional().describe('First line, 1-based'),
  limit: z.number().optional().describe('Maximum number of lines'),
  mode: openEnum(['slice', 'indentation']).optional(),
  indentation: z
    .looseObject({
      anchor_line: z.number().optional(),
      max_levels: z.number().optional(),
      include_siblings: z.boolean().optional(),
      include_header: z.boolean().optional(),
      max_lines: z.number().optional(),
    })
    .optional(),
});

export const readFileTool = defineTool({
  kind: 'read',
  name: 'read_file',
  description: 'Reads a file with 1-based line numbers (slice or indentation-aware block). Experimental.',
  input: readFileInputSchema,
  result: parsedShellOutputSchema,
  status: 'internal',
});

/** Arguments of the experimental `list_dir`. */
export const listDirInputSchema = z.looseObject({
  dir_path: z.string().describe('Absolute path'),
  offset: z.number().optional(),
  limit: z.number().optional(),
  depth: z.number().optional(),
});

export const listDirTool = defineTool({
  kind: 'read',
  name: 'list_dir',
  description: 'Lists a directory with 1-based entry numbers and type labels. Experimental.',
  input: listDirInputSchema,
  result: parsedShellOutputSchema,
  status: 'internal',
});

/** Arguments of the experimental `grep_files`. */
export const grepFilesInputSchema = z.looseObject({
  pattern: z.string().describe('Regular expression'),
  include: z.string().optional().describe('Glob limiting the files searched'),
  path: z.string().optional(),
  limit: z.number().optional(),
});

export const grepFilesTool = defineTool({
  kind: 'search',
  name: 'grep_files',
  description: 'Lists files whose contents match a pattern, newest first. Experimental.',
  input: grepFilesInputSchema,
  result: parsedShellOutputSchema,
  status: 'internal',
});

/** Arguments of `view_image`. */
export const viewImageInputSchema = z.looseObject({
  path: z.string().describe('Local path of the image'),
});

export const viewImageTool = defineTool({
  kind: 'read',
  name: 'view_image',
  description: 'Attaches a local image to the conversation for the current turn.',
  input: viewImageInputSchema,
  result: parsedShellOutputSchema,
});
