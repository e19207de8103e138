import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { copilotToolOutputSchema } from './tool-output.js';

/** Arguments of `bash` (and `powershell`): a command in a named shell session, sync or in the background. */
export const copilotBashInputSchema = z.looseObject({
  command: z.string(),
  description: z.string().optional().describe('One line shown to the user'),
  shellId: z.string().optional().describe('Shell session to run in (1.0.x)'),
  mode: z.string().optional().describe('"sync" or "async" (1.0.x)'),
  sessionId: z.string().optional().describe('Shell session to run in (2025 builds; later `shellId`)'),
  async: z.boolean().optional().describe('Run in the background (2025 builds; later `mode`)'),
  timeout: z.number().optional().describe('Seconds'),
  initial_wait: z.number().optional(),
  detach: z.boolean().optional(),
});

export const bashTool = defineTool({
  name: 'bash',
  kind: 'shell',
  description: 'Runs a command in a bash session; the result ends with the exit code line.',
  input: copilotBashInputSchema,
  result: copilotToolOutputSchema,
  history: [
    '2025 builds: `sessionId` and `async`; 1.0.x: `shellId` and `mode`.',
    'The result ends with "<exited with exit code N>" (2025) or "<shellId: X completed with exit code N>" (1.0.x).',
  ],
});

export const powershellTool = defineTool({
  name: 'powershell',
  kind: 'shell',
  description: 'Runs a command in a PowerShell session (Windows).',
  input: copilotBashInputSchema,
  result: copilotToolOutputSchema,
});

/** `shell` as the handwritten 1.0.77 fixture writes it; kept so such files resolve. */
export const shellTool = defineTool({
  name: 'shell',
  kind: 'shell',
  description: 'Runs a shell command (name seen in a handwritten fixture and in hook inputs).',
  input: z.looseObject({ command: z.string() }),
  result: copilotToolOutputSchema,
});

/** Arguments of `read_bash`: wait for more output of a shell session. */
export const copilotReadShellInputSchema = z.looseObject({
  shellId: z.string().optional(),
  sessionId: z.string().optional(),
  delay: z.number().optional().describe('Seconds to wait for output'),
});

export const readBashTool = defineTool({
  name: 'read_bash',
  kind: 'shell',
  description: 'Reads the output a background or long-running shell session produced.',
  input: copilotReadShellInputSchema,
  result: copilotToolOutputSchema,
});

export const readPowershellTool = defineTool({
  name: 'read_powershell',
  kind: 'shell',
  description: 'Reads the output of a PowerShell session.',
  input: copilotReadShellInputSchema,
  result: copilotToolOutputSchema,
});

/** Arguments of `write_bash`: send input to a shell session. */
export const writeBashTool = defineTool({
  name: 'write_bash',
  kind: 'shell',
  description: 'Sends input (keys, text) to a running shell session.',
  input: z.looseObject({
    shellId: z.string().optional(),
    sessionId: z.string().optional(),
    input: z.string().optional(),
    delay: z.number().optional(),
  }),
  result: copilotToolOutputSchema,
});

const stopShellInputSchema = z.looseObject({
  shellId: z.string().optional(),
  sessionId: z.string().optional(),
});

export const stopBashTool = defineTool({
  name: 'stop_bash',
  kind: 'shell',
  description: 'Stops a shell session.',
  input: stopShellInputSchema,
  result: copilotToolOutputSchema,
});

export const stopPowershellTool = defineTool({
  name: 'stop_powershell',
  kind: 'shell',
  description: 'Stops a PowerShell session.',
  input: stopShellInputSchema,
  result: copilotToolOutputSchema,
});

export const listBashTool = defineTool({
  name: 'list_bash',
  kind: 'shell',
  description: 'Lists the active shell sessions.',
  input: z.looseObject({}),
  result: copilotToolOutputSchema,
});
