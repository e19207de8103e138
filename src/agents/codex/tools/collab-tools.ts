import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { codexAgentStatusSchema } from '../schemas/event-msg-collab.js';
import { jsonToolResult } from './tool-result.js';

/** Structured input for a sub-agent (`text`, `image`, `local_image`, `skill`, `mention`, ...). */
const collabInputItemsSchema = z.array(z.looseObject({ type: z.string() }));

/** An agent is named by `id` (first builds) or `target` (multi-agent v1). */
function agentReference<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value) => typeof value.id === 'string' || typeof value.target === 'string', {
    message: 'Expected "id" or "target"',
    path: ['target'],
  });
}

/** Arguments of `spawn_agent`: the task as `message` (or `items`), optional role and model overrides. */
export const spawnAgentInputSchema = z.looseObject({
  message: z.string().optional(),
  items: collabInputItemsSchema.optional(),
  agent_type: z.string().optional().describe('Agent role'),
  fork_context: z.boolean().optional().describe('Fork the parent history (v1)'),
  fork_turns: z.string().optional().describe('"all", "none" or a number of recent turns (v2)'),
  task_name: z.string().optional().describe('Task name (v2)'),
  model: z.string().optional(),
  reasoning_effort: z.string().optional(),
});

export const spawnAgentTool = defineTool({
  kind: 'subagent',
  name: 'spawn_agent',
  description: 'Starts a sub-agent on a task; returns its id (the sub-agent rollout is a separate file).',
  input: spawnAgentInputSchema,
  result: jsonToolResult(
    z.looseObject({
      agent_id: z.string().optional(),
      task_name: z.string().optional(),
      nickname: z.string().nullish(),
    }),
  ),
  history: ['Multi-agent v1 puts the collab tools in the "multi_agent_v1" namespace.'],
});

/** Arguments of `send_input`: a message for a running agent. */
export const sendInputInputSchema = agentReference(
  z.looseObject({
    id: z.string().optional(),
    target: z.string().optional(),
    message: z.string().optional(),
    items: collabInputItemsSchema.optional(),
    interrupt: z.boolean().optional().describe('Interrupt the agent instead of queueing'),
  }),
);

export const sendInputTool = defineTool({
  kind: 'subagent',
  name: 'send_input',
  description: 'Sends a message to a sub-agent, queued or interrupting its current task.',
  input: sendInputInputSchema,
  result: jsonToolResult(z.looseObject({ submission_id: z.string().optional() })),
});

/** Arguments of `wait` / `wait_agent`: the agents to wait for. */
export const waitInputSchema = z.looseObject({
  ids: z.array(z.string()).optional().describe('Agent ids (`wait`)'),
  targets: z.array(z.string()).optional().describe('Agent ids (`wait_agent`, v1)'),
  timeout_ms: z.number().optional(),
});

/** `wait` returns final statuses by agent id (v1) or a summary message (v2). */
const waitResultSchema = jsonToolResult(
  z.looseObject({
    status: z.record(z.string(), codexAgentStatusSchema).optional(),
    message: z.string().optional(),
    timed_out: z.boolean(),
  }),
);

export const waitTool = defineTool({
  kind: 'subagent',
  name: 'wait',
  canonical: 'wait_agent',
  description: 'Waits until one of the given sub-agents reaches a final status.',
  input: waitInputSchema,
  result: waitResultSchema,
  status: 'deprecated',
});

export const waitAgentTool = defineTool({
  kind: 'subagent',
  name: 'wait_agent',
  description: 'Waits until one of the given sub-agents reaches a final status (or a mailbox update, v2).',
  input: waitInputSchema,
  result: waitResultSchema,
});

/** Arguments of `close_agent`. */
export const closeAgentInputSchema = agentReference(
  z.looseObject({ id: z.string().optional(), target: z.string().optional() }),
);

export const closeAgentTool = defineTool({
  kind: 'subagent',
  name: 'close_agent',
  description: 'Closes a sub-agent and returns its last status.',
  input: closeAgentInputSchema,
  result: jsonToolResult(
    z.looseObject({
      status: codexAgentStatusSchema.optional(),
      previous_status: codexAgentStatusSchema.optional(),
    }),
  ),
});

/** Arguments of `resume_agent`. */
export const resumeAgentInputSchema = z.looseObject({ id: z.string() });

export const resumeAgentTool = defineTool({
  kind: 'subagent',
  name: 'resume_agent',
  description: 'Reopens a closed sub-agent.',
  input: resumeAgentInputSchema,
  result: jsonToolResult(z.looseObject({ status: codexAgentStatusSchema })),
});

/** Arguments of the v2 messaging tools `send_message` and `followup_task`. */
export const agentMessageInputSchema = z.looseObject({
  target: z.string().describe('Agent id or task name'),
  message: z.string(),
});

export const sendMessageTool = defineTool({
  kind: 'subagent',
  name: 'send_message',
  description: 'Messages a sub-agent without starting a turn (multi-agent v2).',
  input: agentMessageInputSchema,
  result: jsonToolResult(z.looseObject({})),
});

export const followupTaskTool = defineTool({
  kind: 'subagent',
  name: 'followup_task',
  description: 'Gives a sub-agent a follow-up task (multi-agent v2).',
  input: agentMessageInputSchema,
  result: jsonToolResult(z.looseObject({})),
});

export const interruptAgentTool = defineTool({
  kind: 'subagent',
  name: 'interrupt_agent',
  description: "Interrupts a sub-agent's current turn (multi-agent v2).",
  input: z.looseObject({ target: z.string() }),
  result: jsonToolResult(z.looseObject({ previous_status: codexAgentStatusSchema.optional() })),
});

export const listAgentsTool = defineTool({
  kind: 'subagent',
  name: 'list_agents',
  description: 'Lists the live agents of the thread tree (multi-agent v2).',
  input: z.looseObject({ path_prefix: z.string().optional() }),
  result: jsonToolResult(z.looseObject({ agents: z.array(z.looseObject({})) })),
});
