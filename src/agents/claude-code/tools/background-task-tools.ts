import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';

const bashOutputInputSchema = z.looseObject({
  bash_id: z.string().describe('Id of the background shell'),
  filter: z.string().optional().describe('Regular expression; only matching output lines are returned'),
});

const bashOutputResultSchema = z.looseObject({
  shellId: z.string().describe('Id of the background shell'),
  command: z.string().describe('Command the shell runs'),
  status: z.enum(['running', 'completed', 'failed', 'killed']).describe('State of the shell'),
  exitCode: z.number().nullable().describe('Exit code; null while running'),
  stdout: z.string().describe('New standard output since the last read'),
  stderr: z.string().describe('New standard error since the last read'),
  stdoutLines: z.number().describe('Lines of standard output'),
  stderrLines: z.number().describe('Lines of standard error'),
  error: z.string().optional().describe('Error text'),
  filterPattern: z.string().optional().describe('Filter that was applied'),
  timestamp: z.string().describe('When the output was read (ISO-8601)'),
});

/** The `BashOutput` tool. */
export const bashOutputTool = defineTool({
  kind: 'shell',
  name: 'BashOutput',
  canonical: 'TaskOutput',
  description: 'Reads new output of a background shell started by Bash.',
  input: bashOutputInputSchema,
  result: bashOutputResultSchema,
  lastVersion: '2.0.63',
  status: 'removed',
  history: ['1.0.6x: introduced with background shells.', '2.0.64: merged into TaskOutput.'],
});

const agentOutputInputSchema = z.looseObject({
  agentId: z.string().describe('Id of the background agent'),
  block: z.boolean().optional().describe('Wait until the agent finishes'),
});

const agentOutputResultSchema = z.looseObject({
  retrieval_status: z.enum(['success', 'timeout']).describe('Whether the output was ready'),
  agents: z
    .record(
      z.string(),
      z
        .looseObject({
          status: z.string().describe('State of the agent'),
          description: z.string().describe('Task description given to the agent'),
          prompt: z.string().describe('Prompt given to the agent'),
          output: z.string().describe('What the agent produced'),
        })
        .describe('One agent'),
    )
    .describe('Agents by id'),
});

/** The `AgentOutputTool` tool. */
export const agentOutputTool = defineTool({
  kind: 'subagent',
  name: 'AgentOutputTool',
  canonical: 'TaskOutput',
  description: 'Reads the output of an agent running in the background.',
  input: agentOutputInputSchema,
  result: agentOutputResultSchema,
  lastVersion: '2.0.63',
  status: 'removed',
  history: ['≈2.0.2x: introduced with background agents.', '2.0.64: merged into TaskOutput.'],
});

const taskOutputInputSchema = z.looseObject({
  task_id: z.string().describe('Id of the background task (shell or agent)'),
  block: z.boolean().optional().describe('Wait for the task to finish (default true)'),
  timeout: z.number().optional().describe('Longest wait in milliseconds (default 30000, at most 600000)'),
});

const taskOutputResultSchema = z.looseObject({
  retrieval_status: z.enum(['success', 'timeout', 'not_ready']).describe('Whether the output was ready'),
  task: z
    .looseObject({
      task_id: z.string().describe('Id of the task'),
      task_type: z.string().describe('Kind of task, e.g. "local_bash" or "local_agent"'),
      status: z.string().describe('State of the task'),
      description: z.string().optional().describe('Task description'),
      output: z.string().optional().describe('Output so far'),
      exitCode: z.number().nullable().optional().describe('Exit code of a shell task; null while running'),
      error: z.string().optional().describe('Error text'),
    })
    .nullable()
    .describe('The task, or null when unknown'),
});

/** The `TaskOutput` tool. */
export const taskOutputTool = defineTool({
  kind: 'shell',
  name: 'TaskOutput',
  aliases: ['BashOutput', 'AgentOutputTool', 'BashOutputTool'],
  description: 'Reads the output of a background task (shell or agent), optionally waiting for it.',
  input: taskOutputInputSchema,
  result: taskOutputResultSchema,
  firstVersion: '2.0.64',
  status: 'removed',
  history: [
    '2.0.64: replaces BashOutput (input bash_id) and AgentOutputTool (input agentId).',
    '2.1.83: deprecated ("read the output file instead").',
    'By 2.1.300: dropped from the SDK tool types and the built-in tool names.',
  ],
});

const killShellInputSchema = z.looseObject({
  shell_id: z.string().describe('Id of the background shell to stop'),
});

const killShellResultSchema = z.looseObject({
  message: z.string().describe('Confirmation text'),
  shell_id: z.string().describe('Id of the stopped shell'),
});

/** The `KillBash` tool. */
export const killBashTool = defineTool({
  kind: 'shell',
  name: 'KillBash',
  canonical: 'TaskStop',
  description: 'Stops a background shell started by Bash.',
  input: killShellInputSchema,
  result: killShellResultSchema,
  status: 'removed',
  history: ['≈1.0.6x–1.0.1xx; renamed KillShell.'],
});

/** The `KillShell` tool. */
export const killShellTool = defineTool({
  kind: 'shell',
  name: 'KillShell',
  canonical: 'TaskStop',
  description: 'Stops a background shell started by Bash.',
  input: killShellInputSchema,
  result: killShellResultSchema,
  lastVersion: '2.1.17',
  status: 'deprecated',
  history: ['≈1.0.12x: renamed from KillBash.', '2.1.18/2.1.19: renamed TaskStop; the name stays an alias.'],
});

/** The `TaskStop` tool. */
export const taskStopTool = defineTool({
  kind: 'shell',
  name: 'TaskStop',
  aliases: ['KillShell', 'KillBash'],
  description: 'Stops a background task (shell, agent or monitor).',
  input: z.looseObject({
    task_id: z.string().optional().describe('Id of the task to stop'),
    shell_id: z.string().optional().describe('Deprecated alias of task_id'),
  }),
  result: z.looseObject({
    message: z.string().describe('Confirmation text'),
    task_id: z.string().describe('Id of the stopped task'),
    task_type: z.string().describe('Kind of task stopped'),
    command: z.string().optional().describe('Command of a stopped shell task'),
  }),
  firstVersion: '2.1.19',
  history: [
    '2.1.18/2.1.19: replaces KillShell; shell_id kept as an alias of task_id (one of them is needed).',
  ],
});
