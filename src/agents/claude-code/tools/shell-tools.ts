import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { legacyField } from '../../../schemas/common/legacy-field.js';

const command = z.string().describe('Command line to run');
const timeout = z.number().optional().describe('Time limit in milliseconds (at most 600000)');
const shellDescription = z.string().optional().describe('Short description of what the command does');
const runInBackground = z.boolean().optional().describe('Run as a background task and return at once');
const disableSandbox = z.boolean().optional().describe('Run outside the sandbox');

const bashInputSchema = z.looseObject({
  command,
  timeout,
  description: shellDescription,
  run_in_background: runInBackground,
  dangerouslyDisableSandbox: disableSandbox,
  sandbox: legacyField(z.boolean().optional(), 'Run in the sandbox (1.0.70 SDK type only)'),
  shellExecutable: legacyField(z.string().optional(), 'Shell to run the command with (1.0.70 SDK type only)'),
  _simulatedSedEdit: legacyField(
    z
      .looseObject({
        filePath: z.string().describe('File the sed command edits'),
        newContent: z.string().describe('Content after the edit'),
      })
      .optional(),
    'Internal: a sed edit previewed as a file edit (2.1.30)',
  ),
});

const gitOperationSchema = z
  .looseObject({
    commit: z
      .looseObject({
        sha: z.string().describe('Commit hash'),
        kind: z.enum(['committed', 'amended', 'cherry-picked']).describe('How the commit was made'),
        branch: z.string().optional().describe('Branch committed to'),
      })
      .optional()
      .describe('A commit the command made'),
    push: z
      .looseObject({ branch: z.string().describe('Branch pushed') })
      .optional()
      .describe('A push'),
    branch: z
      .looseObject({
        ref: z.string().describe('Branch affected'),
        action: z.enum(['merged', 'rebased']).describe('What happened to it'),
      })
      .optional()
      .describe('A merge or rebase'),
    pr: z
      .looseObject({
        number: z.number().describe('Pull request number'),
        url: z.string().optional().describe('Pull request URL'),
        action: z.string().describe('What was done to the pull request'),
      })
      .optional()
      .describe('A pull request operation'),
  })
  .describe('Git side effects detected in the command (2.1.200)');

const shellResultBase = {
  stdout: z.string().describe('Standard output (may be cut)'),
  stderr: z.string().describe('Standard error (may be cut)'),
  interrupted: z.boolean().describe('The command was interrupted or timed out'),
  isImage: z.boolean().optional().describe('stdout holds image data'),
  backgroundTaskId: z.string().optional().describe('Id of the background task, when run in background'),
  returnCodeInterpretation: z.string().optional().describe('Meaning of a non-zero exit code'),
  persistedOutputPath: z.string().optional().describe('File the full output was spilled to (2.1.63)'),
  persistedOutputSize: z.number().optional().describe('Size of the spilled output in bytes (2.1.63)'),
  backgroundedByUser: z
    .boolean()
    .optional()
    .describe('The user moved the command to the background (2.0.77)'),
  assistantAutoBackgrounded: z
    .boolean()
    .optional()
    .describe('Claude Code moved a long command to the background (2.1.100–2.1.14x)'),
};

const bashResultSchema = z.looseObject({
  ...shellResultBase,
  rawOutputPath: z.string().optional().describe('File holding the raw output'),
  summary: z.string().optional().describe('Summary of long output (2.0.x and earlier)'),
  dangerouslyOverrideSandbox: z.boolean().optional().describe('Ran outside the sandbox (1.0.128 name)'),
  dangerouslyDisableSandbox: z.boolean().optional().describe('Ran outside the sandbox'),
  structuredContent: z.array(z.unknown()).optional().describe('Structured output blocks (2.0.77)'),
  noOutputExpected: z
    .boolean()
    .optional()
    .describe('The command normally prints nothing (seen in 2.1.38 logs)'),
  staleReadFileStateHint: z
    .string()
    .optional()
    .describe('Note that the command changed files read earlier (2.1.100)'),
  ghRateLimitHint: z.string().optional().describe('Note about GitHub CLI rate limits (2.1.141)'),
  gitOperation: gitOperationSchema.optional(),
  timedOutAfterMs: z.number().optional().describe('Time limit that stopped the command'),
  backgroundCwdHint: z.string().optional().describe('Note about the background task working directory'),
  backgroundEndsWithFinalResponse: z
    .boolean()
    .optional()
    .describe('The background task is stopped with the final response (2.1.250)'),
  backgroundWakesOwner: z.boolean().optional().describe('Completion wakes the owning agent (2.1.330)'),
});

/** The `Bash` tool. */
export const bashTool = defineTool({
  kind: 'shell',
  name: 'Bash',
  description: 'Runs a shell command, in the foreground or as a background task.',
  input: bashInputSchema,
  result: bashResultSchema,
  history: [
    '1.0.70: SDK type lists sandbox, shellExecutable; input + sandbox, shellExecutable.',
    '1.0.71–2.1.330: input sandbox removed, shellExecutable removed (not in the SDK 0.3.330 types).',
    '1.0.71–1.0.128: input + run_in_background.',
    '1.0.128: result + dangerouslyOverrideSandbox (later dangerouslyDisableSandbox).',
    '2.0.15–2.0.30: input + dangerouslyDisableSandbox.',
    '2.0.77: result + backgroundedByUser, structuredContent; summary gone after 2.0.x.',
    '2.1.30: internal input _simulatedSedEdit.',
    '2.1.63: result + persistedOutputPath, persistedOutputSize; noOutputExpected already in 2.1.38 logs.',
    '2.1.100: result + assistantAutoBackgrounded (gone by 2.1.200), staleReadFileStateHint.',
    '2.1.141: result + ghRateLimitHint.',
    '2.1.200: result + gitOperation.',
    '2.1.250: result + backgroundEndsWithFinalResponse.',
    '2.1.330: result + backgroundWakesOwner.',
    'The exit code is never a field: it appears only in the model-facing text and returnCodeInterpretation.',
  ],
});

/** The `PowerShell` tool. */
export const powerShellTool = defineTool({
  kind: 'shell',
  name: 'PowerShell',
  description: 'Runs a PowerShell command on Windows (opt-in), like Bash.',
  input: z.looseObject({
    command,
    timeout,
    description: shellDescription,
    run_in_background: runInBackground,
    dangerouslyDisableSandbox: disableSandbox,
  }),
  result: z.looseObject(shellResultBase),
  firstVersion: '2.1.84',
});

/** The `Monitor` tool. */
export const monitorTool = defineTool({
  kind: 'shell',
  name: 'Monitor',
  description: 'Starts a background watcher (command or WebSocket) whose events are reported to the agent.',
  input: z.looseObject({
    description: z.string().describe('What is being watched'),
    timeout_ms: z.number().describe('How long to watch, in milliseconds'),
    persistent: z.boolean().optional().describe('Keep watching across turns (dropped ≈2.1.300)'),
    command: z.string().optional().describe('Command whose output lines are events (one of command/ws)'),
    ws: z
      .looseObject({
        url: z.string().describe('WebSocket URL'),
        protocols: z.array(z.string()).optional().describe('WebSocket sub-protocols'),
      })
      .optional()
      .describe('WebSocket whose messages are events (one of command/ws)'),
  }),
  result: z.looseObject({
    taskId: z.string().describe('Id of the monitor task'),
    timeoutMs: z.number().describe('Watch time limit in milliseconds'),
    persistent: z.boolean().optional().describe('Keeps watching across turns'),
    keptInSandboxByCheck: z.boolean().optional().describe('A check kept the monitor sandboxed (2.1.330)'),
  }),
  firstVersion: '2.1.98',
  history: ['≈2.1.300: input persistent dropped.', '2.1.330: result + keptInSandboxByCheck.'],
});

/** The `REPL` tool. */
export const replTool = defineTool({
  kind: 'shell',
  name: 'REPL',
  description: 'Internal: runs code in a JavaScript REPL that can call other tools.',
  input: z.looseObject({
    code: z.string().describe('Code to evaluate'),
    description: z.string().optional().describe('Short description of the code'),
    timeout: z.number().optional().describe('Time limit in milliseconds'),
  }),
  result: z.looseObject({
    code: z.string().describe('Code evaluated'),
    result: z.unknown().describe('Value of the last expression'),
    stdout: z.string().describe('Captured standard output'),
    stderr: z.string().describe('Captured standard error'),
    error: z.unknown().optional().describe('Error raised, if any'),
    registeredTools: z.unknown().optional().describe('Tools the code registered'),
    images: z.array(z.unknown()).optional().describe('Images produced'),
    documents: z.array(z.unknown()).optional().describe('Documents produced'),
  }),
  status: 'internal',
  history: ['2.1.100: stripped from external transcripts.'],
});
