import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

/** The `Config` tool. */
export const configTool = defineTool({
  kind: 'other',
  name: 'Config',
  description: 'Reads or changes a Claude Code setting.',
  input: z.looseObject({
    setting: z.string().describe('Setting name'),
    value: z
      .union([z.string(), z.boolean(), z.number()])
      .optional()
      .describe('New value; omit to read the setting'),
  }),
  result: z.looseObject({
    success: z.boolean().describe('The operation succeeded'),
    operation: z.enum(['get', 'set']).optional().describe('Operation performed'),
    setting: z.string().optional().describe('Setting name'),
    value: z.unknown().optional().describe('Current value'),
    previousValue: z.unknown().optional().describe('Value before a change'),
    newValue: z.unknown().optional().describe('Value after a change'),
    error: z.string().optional().describe('Error text'),
  }),
  status: 'removed',
  history: ['≈2.0.7x–2.1.13x; absent from the SDK types from 2.1.141.'],
});

/** The `EnterWorktree` tool. */
export const enterWorktreeTool = defineTool({
  kind: 'other',
  name: 'EnterWorktree',
  description: 'Creates (or enters) a git worktree and moves the session into it.',
  input: z.looseObject({
    name: z.string().optional().describe('Name of the worktree'),
    path: z.string().optional().describe('Existing worktree to enter (2.1.105)'),
  }),
  result: z.looseObject({
    worktreePath: z.string().describe('Path of the worktree'),
    worktreeBranch: z.string().optional().describe('Branch checked out there'),
    message: z.string().describe('Confirmation text'),
  }),
  history: ['Introduced between 2.1.42 and 2.1.50.', '2.1.105: input + path.'],
});

/** The `ExitWorktree` tool. */
export const exitWorktreeTool = defineTool({
  kind: 'other',
  name: 'ExitWorktree',
  description: 'Leaves the worktree entered with EnterWorktree, keeping or removing it.',
  input: z.looseObject({
    action: z.enum(['keep', 'remove']).describe('What to do with the worktree'),
    discard_changes: z.boolean().optional().describe('Remove even with uncommitted changes'),
  }),
  result: z.looseObject({
    action: z.enum(['keep', 'remove']).describe('What was done'),
    originalCwd: z.string().describe('Directory the session returned to'),
    worktreePath: z.string().describe('Path of the worktree'),
    worktreeBranch: z.string().optional().describe('Branch of the worktree'),
    tmuxSessionName: z.string().optional().describe('tmux session that was attached to it'),
    discardedFiles: z.number().optional().describe('Uncommitted files discarded'),
    discardedCommits: z.number().optional().describe('Commits discarded'),
    message: z.string().describe('Confirmation text'),
  }),
  firstVersion: '2.1.72',
});

const lspOperation = z
  .enum([
    'goToDefinition',
    'findReferences',
    'hover',
    'documentSymbol',
    'workspaceSymbol',
    'goToImplementation',
    'prepareCallHierarchy',
    'incomingCalls',
    'outgoingCalls',
  ])
  .describe('Language-server request');

/** The `LSP` tool. */
export const lspTool = defineTool({
  kind: 'search',
  name: 'LSP',
  description: 'Queries a language server (definitions, references, hover, symbols, call hierarchy).',
  input: z.looseObject({
    operation: lspOperation,
    filePath: z.string().describe('File the request is about'),
    line: z.number().describe('Line (1-based; 0-based in 2.0.30)'),
    character: z.number().describe('Column (1-based; 0-based in 2.0.30)'),
    query: z.string().optional().describe('Symbol query for workspaceSymbol (2.1.162)'),
  }),
  result: z.looseObject({
    operation: lspOperation,
    result: z.string().describe('Formatted answer'),
    filePath: z.string().describe('File the request was about'),
    resultCount: z.number().optional().describe('Items found'),
    fileCount: z.number().optional().describe('Files the items are in'),
  }),
  firstVersion: '2.0.30',
  history: [
    '2.0.30: hidden; five operations, 0-based positions.',
    '2.0.74: announced; by 2.0.77 + goToImplementation and call hierarchy, 1-based positions.',
    '2.1.162: input + query.',
  ],
});

const sendUserMessageInputSchema = z.looseObject({
  message: z.string().describe('Message for the user (Markdown)'),
  attachments: z.array(z.string()).optional().describe('Paths of files to attach'),
  status: z.enum(['normal', 'proactive']).describe('"proactive" when not replying to the user'),
});

const sendUserMessageResultSchema = z.looseObject({
  message: z.string().describe('Message sent'),
  attachments: z
    .array(
      z
        .looseObject({
          path: z.string().describe('File path'),
          size: z.number().describe('Size in bytes'),
          isImage: z.boolean().describe('The file is an image'),
          file_uuid: z.string().optional().describe('Id of the uploaded file'),
        })
        .describe('One attachment'),
    )
    .optional()
    .describe('Files attached'),
  sentAt: z.string().optional().describe('When it was sent'),
});

/** The `SendUserMessage` tool. */
export const sendUserMessageTool = defineTool({
  kind: 'other',
  name: 'SendUserMessage',
  aliases: ['Brief'],
  description: 'Sends a message (with optional attachments) to the user, e.g. in brief or remote mode.',
  input: sendUserMessageInputSchema,
  result: sendUserMessageResultSchema,
  history: ['≈2.1.9x addition; Brief is an alias.'],
});

/** The `Brief` tool. */
export const briefTool = defineTool({
  kind: 'other',
  name: 'Brief',
  canonical: 'SendUserMessage',
  description: 'Sends a message (with optional attachments) to the user; alias of SendUserMessage.',
  input: sendUserMessageInputSchema,
  result: sendUserMessageResultSchema,
  history: ['≈2.1.9x addition; alias of SendUserMessage.'],
});

/** The `SendUserFile` tool. */
export const sendUserFileTool = defineTool({
  kind: 'other',
  name: 'SendUserFile',
  description: 'Sends a file to the user.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  history: ['Name from the 2.1.3xx built-in tool list; arguments not published.'],
});

/** The `EndConversation` tool. */
export const endConversationTool = defineTool({
  kind: 'other',
  name: 'EndConversation',
  description: 'Ends the conversation.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  firstVersion: '2.1.214',
});

/** The `SetGoal` tool. */
export const setGoalTool = defineTool({
  kind: 'plan',
  name: 'SetGoal',
  aliases: ['ProposeGoalInput'],
  description: 'Sets a goal condition that the session keeps working towards.',
  input: z.looseObject({
    condition: z.string().describe('Condition that means the goal is met'),
    ask_user: z.boolean().optional().describe('Ask the user to confirm the goal'),
  }),
  result: z.looseObject({
    condition: z.string().describe('Goal condition'),
    askUser: z.boolean().describe('The user was asked to confirm'),
  }),
  history: ['2.1.2xx–2.1.3xx addition; mapping from SDK type ProposeGoalInput is inferred.'],
});
