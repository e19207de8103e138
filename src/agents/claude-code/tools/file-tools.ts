import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { gitDiffSchema, hunkSchema, opaqueResultSchema } from './shared-shapes.js';

const filePath = z.string().describe('Absolute path of the file');

const readInputSchema = z.looseObject({
  file_path: filePath,
  offset: z.number().optional().describe('Line to start reading from (1-based)'),
  limit: z.number().optional().describe('Maximum number of lines to read'),
  pages: z.string().optional().describe('PDF page range such as "1-5" (2.1.30)'),
  allow_large: z.boolean().optional().describe('Read a file past the size guard (2.1.300)'),
});

const readTextResult = z.looseObject({
  type: z.literal('text').describe('A text file was read'),
  file: z
    .looseObject({
      filePath: z.string().describe('Path that was read'),
      content: z.string().describe('Lines returned, without line-number prefixes'),
      numLines: z.number().describe('Number of lines returned'),
      startLine: z.number().describe('First line returned (1-based)'),
      totalLines: z.number().describe('Lines in the whole file'),
      truncatedByTokenCap: z.boolean().optional().describe('Output was cut at the token cap (2.1.200)'),
    })
    .describe('The text read'),
  artifactRead: z
    .looseObject({
      slug: z.string().describe('Artifact slug'),
      ver: z.unknown().describe('Artifact version'),
    })
    .optional()
    .describe('Set when the path was a published artifact (2.1.250)'),
});

const readImageResult = z.looseObject({
  type: z.literal('image').describe('An image file was read'),
  file: z
    .looseObject({
      base64: z.string().describe('Image bytes, base64-encoded'),
      type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']).describe('Media type'),
      originalSize: z.number().describe('File size in bytes'),
      dimensions: z
        .looseObject({
          originalWidth: z.number().optional().describe('Width on disk (px)'),
          originalHeight: z.number().optional().describe('Height on disk (px)'),
          displayWidth: z.number().optional().describe('Width sent to the model (px)'),
          displayHeight: z.number().optional().describe('Height sent to the model (px)'),
        })
        .optional()
        .describe('Image dimensions (by 2.0.77)'),
    })
    .describe('The image read'),
});

const readNotebookResult = z.looseObject({
  type: z.literal('notebook').describe('A Jupyter notebook was read'),
  file: z
    .looseObject({
      filePath: z.string().describe('Path that was read'),
      cells: z.array(z.unknown()).describe('Notebook cells'),
    })
    .describe('The notebook read'),
});

const readPdfResult = z.looseObject({
  type: z.literal('pdf').describe('A PDF was read whole'),
  file: z
    .looseObject({
      filePath: z.string().describe('Path that was read'),
      base64: z.string().describe('PDF bytes, base64-encoded'),
      originalSize: z.number().describe('File size in bytes'),
    })
    .describe('The PDF read'),
});

const readPartsResult = z.looseObject({
  type: z.literal('parts').describe('PDF pages were extracted to images (2.1.31–2.1.63)'),
  file: z
    .looseObject({
      filePath: z.string().describe('Path that was read'),
      originalSize: z.number().describe('File size in bytes'),
      count: z.number().describe('Number of pages extracted'),
      outputDir: z.string().describe('Directory holding the page images'),
    })
    .describe('The extraction'),
  firstPage: z.number().optional().describe('First page extracted'),
  pages: z.unknown().optional().describe('Page images (transient, normally not persisted)'),
});

const readUnchangedResult = z.looseObject({
  type: z.literal('file_unchanged').describe('File already in context and unchanged (2.1.100–2.1.300)'),
  file: z.looseObject({ filePath: z.string().describe('Path that was read') }).describe('The file'),
  source: z.enum(['seeded']).optional().describe('Why the content was already known'),
});

const readResultSchema = z.discriminatedUnion('type', [
  readTextResult,
  readImageResult,
  readNotebookResult,
  readPdfResult,
  readPartsResult,
  readUnchangedResult,
]);

/** The `Read` tool. */
export const readTool = defineTool({
  kind: 'read',
  name: 'Read',
  aliases: ['View'],
  description: 'Reads a file (text, image, PDF or notebook) into the conversation.',
  input: readInputSchema,
  result: readResultSchema,
  history: [
    '0.2.x: named View.',
    '2.1.30: input + pages (PDF page range); result type "parts" for extracted pages (until 2.1.63).',
    '2.1.100: result type "file_unchanged" (gone in 2.1.330).',
    '2.1.200: text result + file.truncatedByTokenCap.',
    '2.1.250: text result + artifactRead.',
    '2.1.300: input + allow_large.',
  ],
});

const structuredPatch = z.array(hunkSchema).describe('Diff of the change ([] for a new file)');

const writeInputSchema = z.looseObject({
  file_path: filePath,
  content: z.string().describe('Full content to write'),
});

const writeResultSchema = z.looseObject({
  type: z.enum(['create', 'update']).describe('Whether the file was created or overwritten'),
  filePath: z.string().describe('Path written'),
  content: z.string().describe('Content written'),
  structuredPatch,
  originalFile: z
    .string()
    .nullable()
    .optional()
    .describe('Previous content; null for a new file or when too large (by 2.0.77)'),
  gitDiff: gitDiffSchema.optional().describe('Git view of the change (2.1.63)'),
  userModified: z.boolean().optional().describe('The user edited the proposed content (2.1.141)'),
  staged: z.boolean().optional().describe('Change was staged rather than written (2.1.300)'),
});

/** The `Write` tool. */
export const writeTool = defineTool({
  kind: 'write',
  name: 'Write',
  description: 'Creates a file or overwrites it with new content.',
  input: writeInputSchema,
  result: writeResultSchema,
  history: [
    'By 2.0.77: result + originalFile (null for new files).',
    '2.1.63: result + gitDiff.',
    '2.1.141: result + userModified.',
    '2.1.300: result + staged.',
  ],
});

const editInputSchema = z.looseObject({
  file_path: filePath,
  old_string: z.string().describe('Exact text to replace'),
  new_string: z.string().describe('Replacement text'),
  replace_all: z.boolean().optional().describe('Replace every occurrence (default false)'),
});

const editResultSchema = z.looseObject({
  filePath: z.string().describe('Path edited'),
  oldString: z.string().describe('Text replaced'),
  newString: z.string().describe('Replacement text'),
  originalFile: z
    .string()
    .nullable()
    .describe('Content before the edit; null when over 10 000 chars (2.1.100)'),
  structuredPatch,
  userModified: z.boolean().describe('The user edited the proposed change'),
  replaceAll: z.boolean().describe('Every occurrence was replaced'),
  gitDiff: gitDiffSchema.optional().describe('Git view of the change (2.1.63)'),
  staged: z.boolean().optional().describe('Change was staged rather than written (2.1.300)'),
});

/** The `Edit` tool. */
export const editTool = defineTool({
  kind: 'edit',
  name: 'Edit',
  description: 'Replaces an exact string in a file (once, or everywhere with replace_all).',
  input: editInputSchema,
  result: editResultSchema,
  history: [
    '2.1.63: result + gitDiff.',
    '2.1.100: result originalFile becomes nullable (large files are written as null).',
    '2.1.300: result + staged.',
  ],
});

const multiEditItem = z
  .looseObject({
    old_string: z.string().describe('Exact text to replace'),
    new_string: z.string().describe('Replacement text'),
    replace_all: z.boolean().optional().describe('Replace every occurrence'),
  })
  .describe('One replacement');

/** The `MultiEdit` tool. */
export const multiEditTool = defineTool({
  kind: 'edit',
  name: 'MultiEdit',
  description: 'Applies several string replacements to one file in a single step.',
  input: z.looseObject({
    file_path: filePath,
    edits: z.array(multiEditItem).min(1).describe('Replacements, applied in order'),
  }),
  result: z.looseObject({
    filePath: z.string().describe('Path edited'),
    originalFileContents: z.string().describe('Content before the edits'),
    structuredPatch,
    edits: z.array(multiEditItem).describe('Replacements applied'),
    userModified: z.boolean().describe('The user edited the proposed change'),
  }),
  lastVersion: '1.0.128',
  status: 'removed',
  history: ['Removed in 2.0.0 (use Edit).'],
});

const notebookPath = z.string().describe('Absolute path of the .ipynb file');
const cellType = z.enum(['code', 'markdown']).describe('Cell type');
const editMode = z.enum(['replace', 'insert', 'delete']).describe('What to do with the cell');

/** The `NotebookEdit` tool. */
export const notebookEditTool = defineTool({
  kind: 'edit',
  name: 'NotebookEdit',
  description: 'Replaces, inserts or deletes one cell of a Jupyter notebook.',
  input: z.looseObject({
    notebook_path: notebookPath,
    new_source: z.string().describe('New source of the cell'),
    cell_id: z.string().optional().describe('Cell to edit, or to insert after'),
    cell_type: cellType.optional(),
    edit_mode: editMode.optional(),
  }),
  result: z.looseObject({
    new_source: z.string().describe('Source written'),
    old_source: z.string().optional().describe('Source before the edit (2.1.200)'),
    cell_id: z.string().optional().describe('Cell edited'),
    cell_type: cellType,
    language: z.string().describe('Notebook language'),
    edit_mode: editMode,
    error: z.string().optional().describe('Error text when the edit failed'),
    notebook_path: z.string().optional().describe('Notebook edited (by 2.0.77)'),
    original_file: z.string().optional().describe('Notebook JSON before the edit (by 2.0.77)'),
    updated_file: z.string().optional().describe('Notebook JSON after the edit (by 2.0.77)'),
  }),
  history: [
    'By 2.0.77: result + notebook_path, original_file, updated_file.',
    '2.1.200: result + old_source.',
  ],
});

/** The `NotebookRead` tool. */
export const notebookReadTool = defineTool({
  kind: 'read',
  name: 'NotebookRead',
  description: 'Reads the cells of a Jupyter notebook (superseded by Read).',
  input: z.looseObject({
    notebook_path: notebookPath,
    cell_id: z.string().optional().describe('Read only this cell'),
  }),
  result: opaqueResultSchema,
  status: 'removed',
  history: ['Present in 1.0.x builds up to 1.0.6x; removed by 1.0.70 (Read handles notebooks).'],
});
