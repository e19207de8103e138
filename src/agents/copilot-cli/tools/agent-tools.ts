import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { copilotToolOutputSchema } from './tool-output.js';

/** Arguments of `task`: start a subagent; its records follow inline with `parentToolCallId` = this call. */
export const copilotTaskInputSchema = z.looseObject({
  agent_type: z.string().describe('"explore", "task", "general-purpose", a custom agent...'),
  description: z.string().optional(),
  name: z.string().optional(),
  prompt: z.string(),
  mode: z.string().optional().describe('"sync" or "background"'),
  model: z.string().optional(),
});

export const taskTool = defineTool({
  name: 'task',
  kind: 'subagent',
  description: "Starts a subagent; the subagent's final report is the call's result.",
  input: copilotTaskInputSchema,
  result: copilotToolOutputSchema,
});

export const readAgentTool = defineTool({
  name: 'read_agent',
  kind: 'subagent',
  description: 'Reads the state or output of a background agent.',
  input: z.looseObject({ agent_id: z.string().optional() }),
  result: copilotToolOutputSchema,
});

export const writeAgentTool = defineTool({
  name: 'write_agent',
  kind: 'subagent',
  description: 'Sends a message to a background agent.',
  input: z.looseObject({ agent_id: z.string().optional(), message: z.string().optional() }),
  result: copilotToolOutputSchema,
});

export const listAgentsTool = defineTool({
  name: 'list_agents',
  kind: 'subagent',
  description: 'Lists the background agents.',
  input: z.looseObject({ scope: z.string().optional() }),
  result: copilotToolOutputSchema,
});

export const updateTodoTool = defineTool({
  name: 'update_todo',
  kind: 'plan',
  description: "Updates the session's todo list.",
  input: z.looseObject({ todos: z.unknown().optional() }),
  result: copilotToolOutputSchema,
});

export const exitPlanModeTool = defineTool({
  name: 'exit_plan_mode',
  kind: 'plan',
  description: 'Leaves plan mode with the plan for the user to approve.',
  input: z.looseObject({}),
  result: copilotToolOutputSchema,
});

export const taskCompleteTool = defineTool({
  name: 'task_complete',
  kind: 'other',
  description: 'Ends an autonomous (autopilot) turn; `summary` is the closing answer.',
  input: z.looseObject({ summary: z.string().optional() }),
  result: copilotToolOutputSchema,
});

export const askUserTool = defineTool({
  name: 'ask_user',
  kind: 'other',
  description: 'Asks the user a question and waits for the answer.',
  input: z.looseObject({ question: z.string().optional() }),
  result: copilotToolOutputSchema,
});
