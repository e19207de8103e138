import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { openEnum } from '../../../schemas/common/open-enum.js';
import { codexLocalShellActionSchema } from '../schemas/response-item.js';
import { parsedShellOutputSchema } from './tool-result.js';

/** Escalation fields shared by the shell tools. */
const escalationFields = {
  sandbox_permissions: openEnum(['use_default', 'require_escalated'])
    .optional()
    .describe('"require_escalated" asks to run outside the sandbox'),
  with_escalated_permissions: z.boolean().optional().describe('Older form of `sandbox_permissions`'),
  justification: z.string().optional().describe('Why escalation is needed (one sentence)'),
  prefix_rule: z
    .array(z.string())
    .optional()
    .describe('Command prefix to approve for the rest of the session'),
};

/** Arguments of `shell` (and of `container.exec`): an argv array run with execvp. */
export const shellInputSchema = z.looseObject({
  command: z.array(z.string()).describe('argv, usually ["bash", "-lc", "<script>"]'),
  workdir: z.string().optional(),
  timeout_ms: z.number().optional(),
  timeout: z.number().optional().describe('Alias of `timeout_ms` (2025 builds)'),
  ...escalationFields,
});

export const shellTool = defineTool({
  kind: 'shell',
  name: 'shell',
  description: 'Runs an argv command (execvp) and returns its output and exit code.',
  input: shellInputSchema,
  result: parsedShellOutputSchema,
  history: [
    'Output was JSON text {output, metadata:{exit_code, duration_seconds}} in 2025 builds, then "Exit code:" text.',
    'with_escalated_permissions was replaced by sandbox_permissions.',
  ],
});

export const containerExecTool = defineTool({
  kind: 'shell',
  name: 'container.exec',
  canonical: 'shell',
  description: 'Oldest name of `shell` (same arguments).',
  input: shellInputSchema,
  result: parsedShellOutputSchema,
  status: 'removed',
});

/** Arguments of `shell_command`: a script run by the user's shell. */
export const shellCommandInputSchema = z.looseObject({
  command: z.string().describe('Shell script, run with the user shell'),
  workdir: z.string().optional(),
  timeout_ms: z.number().optional(),
  login: z.boolean().optional().describe('Run as a login shell (default true)'),
  ...escalationFields,
});

export const shellCommandTool = defineTool({
  kind: 'shell',
  name: 'shell_command',
  description: "Runs a script in the user's default shell and returns its output and exit code.",
  input: shellCommandInputSchema,
  result: parsedShellOutputSchema,
});

export const localShellTool = defineTool({
  kind: 'shell',
  name: 'local_shell',
  description: 'The hosted local-shell tool (`local_shell_call` items); input is the call `action`.',
  input: codexLocalShellActionSchema,
  result: parsedShellOutputSchema,
  history: ['Output comes back as function_call_output with the call_id of the local_shell_call.'],
});

/** Arguments of `exec_command` (unified exec): a command in a PTY that may keep running. */
export const execCommandInputSchema = z.looseObject({
  cmd: z.string().describe('Shell command'),
  workdir: z.string().optional(),
  shell: z.string().optional().describe('Shell binary (default /bin/bash)'),
  login: z.boolean().optional(),
  tty: z.boolean().optional(),
  yield_time_ms: z.number().optional().describe('How long to wait for output before returning'),
  max_output_tokens: z.number().optional(),
  ...escalationFields,
});

export const execCommandTool = defineTool({
  kind: 'shell',
  name: 'exec_command',
  description:
    'Runs a command in a PTY; returns output and the exit code, or a session id while it keeps running.',
  input: execCommandInputSchema,
  result: parsedShellOutputSchema,
  history: [
    'Output text: "Chunk ID", "Wall time", "Process exited with code N" or "Process running with session ID N", "Original token count", then "Output:".',
  ],
});

/** Arguments of `write_stdin`: input for (or a poll of) a running `exec_command` session. */
export const writeStdinInputSchema = z.looseObject({
  session_id: z.number().describe('Session id from "Process running with session ID N"'),
  chars: z.string().optional().describe('Bytes to write; empty to poll'),
  yield_time_ms: z.number().optional(),
  max_output_tokens: z.number().optional(),
});

export const writeStdinTool = defineTool({
  kind: 'shell',
  name: 'write_stdin',
  description: 'Writes to a running exec_command session and returns its recent output.',
  input: writeStdinInputSchema,
  result: parsedShellOutputSchema,
});
