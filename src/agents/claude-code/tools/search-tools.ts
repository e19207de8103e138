import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { legacyField } from '../../../schemas/common/legacy-field.js';

/** The `LS` tool. */
export const lsTool = defineTool({
  kind: 'read',
  name: 'LS',
  aliases: ['LSTool'],
  description: 'Lists the entries of a directory as an indented tree.',
  input: z.looseObject({
    path: z.string().describe('Absolute path of the directory'),
    ignore: z.array(z.string()).optional().describe('Glob patterns to leave out'),
  }),
  result: z.string().describe('The listing as text'),
  status: 'removed',
  history: [
    '0.2.82: renamed from LSTool.',
    'Seen in 1.0.89 transcripts; absent from 1.0.128 (Glob and Bash cover it).',
  ],
});

/** The `Glob` tool. */
export const globTool = defineTool({
  kind: 'search',
  name: 'Glob',
  description: 'Finds files whose paths match a glob pattern, newest first.',
  input: z.looseObject({
    pattern: z.string().describe('Glob pattern such as "**/*.ts"'),
    path: z.string().optional().describe('Directory to search (default: working directory)'),
  }),
  result: z.looseObject({
    durationMs: z.number().describe('Search time in milliseconds'),
    numFiles: z.number().describe('Number of files returned'),
    filenames: z.array(z.string()).describe('Matching paths'),
    truncated: z.boolean().describe('More files matched than were returned'),
    totalMatches: z.number().optional().describe('Files matched in total (2.1.200)'),
    countIsComplete: z.boolean().optional().describe('totalMatches is exact (2.1.200)'),
    timedOut: z.boolean().optional().describe('The search hit its time limit (2.1.330)'),
  }),
  history: ['2.1.200: result + totalMatches, countIsComplete.', '2.1.330: result + timedOut.'],
});

/** The `Grep` tool. */
export const grepTool = defineTool({
  kind: 'search',
  name: 'Grep',
  description: 'Searches file contents with a regular expression (ripgrep).',
  input: z.looseObject({
    pattern: z.string().describe('Regular expression to search for'),
    path: z.string().optional().describe('File or directory to search (default: working directory)'),
    include: legacyField(
      z.string().optional(),
      'File glob filter (legacy: 1.0.30 and earlier; later "glob")',
    ),
    glob: z.string().optional().describe('File glob filter such as "*.{ts,tsx}"'),
    output_mode: z
      .enum(['content', 'files_with_matches', 'count'])
      .optional()
      .describe('What to return (default files_with_matches)'),
    '-B': z.number().optional().describe('Lines of context before each match'),
    '-A': z.number().optional().describe('Lines of context after each match'),
    '-C': z.number().optional().describe('Lines of context around each match'),
    context: z.number().optional().describe('Lines of context around each match (2.1.30)'),
    '-n': z.boolean().optional().describe('Show line numbers'),
    '-i': z.boolean().optional().describe('Case-insensitive search'),
    '-o': z.boolean().optional().describe('Print only the matched parts (2.1.141)'),
    type: z.string().optional().describe('ripgrep file type such as "py"'),
    head_limit: z.number().optional().describe('Return at most this many entries'),
    offset: z.number().optional().describe('Skip this many entries first (2.0.50)'),
    multiline: z.boolean().optional().describe('Let patterns span lines'),
  }),
  result: z.looseObject({
    mode: z.enum(['content', 'files_with_matches', 'count']).optional().describe('Output mode used'),
    numFiles: z.number().describe('Number of files with matches'),
    filenames: z.array(z.string()).describe('Files with matches'),
    content: z.string().optional().describe('Matching lines (content and count modes)'),
    numLines: z.number().optional().describe('Lines in content'),
    numMatches: z.number().optional().describe('Matches counted (count mode)'),
    appliedLimit: z.number().optional().describe('head_limit that cut the output'),
    appliedOffset: z.number().optional().describe('offset that was applied (by 2.0.77)'),
    totalFiles: z.number().optional().describe('Files matched before limits (2.1.250)'),
    totalLines: z.number().optional().describe('Lines matched before limits (2.1.250)'),
    timedOut: z.boolean().optional().describe('The search hit its time limit (2.1.330)'),
  }),
  history: [
    '1.0.30: input pattern, path, include.',
    '1.0.4x: input + glob, output_mode, -A, -B, -C, -n, -i, type, head_limit, multiline (ripgrep options); input include removed.',
    '2.0.50: input + offset; result + appliedOffset (by 2.0.77).',
    '2.1.30: input + context.',
    '2.1.141: input + -o.',
    '2.1.250: result + totalFiles, totalLines.',
    '2.1.330: result + timedOut.',
  ],
});
