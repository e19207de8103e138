import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { subagentUsageSchema } from './shared-shapes.js';

const agentInputSchema = z.looseObject({
  description: z.string().describe('Short (3–5 word) description of the task'),
  prompt: z.string().describe('Full instructions for the subagent'),
  subagent_type: z
    .string()
    .optional()
    .describe('Agent type, e.g. "general-purpose" or "Explore" (required 1.0.60–2.1.99)'),
  model: z.enum(['sonnet', 'opus', 'haiku', 'fable']).optional().describe('Model override (2.0.30)'),
  resume: z.string().optional().describe('Agent id to resume (2.0.30–2.1.76)'),
  run_in_background: z.boolean().optional().describe('Run asynchronously (2.0.77)'),
  max_turns: z.number().optional().describe('Turn limit (2.1.30–2.1.99)'),
  name: z.string().optional().describe('Name of the agent, for teams and SendMessage (2.1.30)'),
  team_name: z.string().optional().describe('Team to join (2.1.30; ignored from 2.1.178)'),
  mode: z
    .enum(['acceptEdits', 'bypassPermissions', 'default', 'delegate', 'dontAsk', 'plan', 'auto', 'bubble'])
    .optional()
    .describe('Permission mode of the agent (2.1.30; ignored from 2.1.212)'),
  isolation: z.enum(['worktree', 'remote']).optional().describe('Where the agent runs (2.1.63)'),
  effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).optional().describe('Reasoning effort (2.1.300)'),
});

const agentContentBlock = z
  .looseObject({
    type: z.literal('text').describe('Block type'),
    text: z.string().describe('Text of the final report'),
    citations: z.array(z.unknown()).nullable().optional().describe('Citations'),
  })
  .describe('Final report block');

const runMetrics = {
  content: z.array(agentContentBlock).describe("The subagent's final report"),
  totalToolUseCount: z.number().describe('Tool calls the subagent made'),
  totalDurationMs: z.number().describe('Wall time of the run in milliseconds'),
  totalTokens: z.number().describe('Tokens used by the run'),
  usage: subagentUsageSchema,
};

const modelFields = {
  resolvedModel: z.string().optional().describe('Model the subagent ran on (2.1.200)'),
  modelsUsed: z.array(z.unknown()).optional().describe('Models used during the run (2.1.250)'),
};

const completedResult = z.looseObject({
  status: z.literal('completed').describe('The subagent finished'),
  agentId: z.string().describe('Id of the subagent (its transcript is agent-<agentId>.jsonl)'),
  agentType: z.string().optional().describe('Agent type that ran (2.1.100)'),
  prompt: z.string().describe('Prompt given to the subagent'),
  ...runMetrics,
  ...modelFields,
  toolsUsed: z.array(z.unknown()).optional().describe('Tools the subagent used (2.1.330)'),
  toolStats: z
    .looseObject({
      readCount: z.number().describe('Read calls'),
      searchCount: z.number().describe('Search calls'),
      bashCount: z.number().describe('Shell calls'),
      editFileCount: z.number().describe('Files edited'),
      linesAdded: z.number().describe('Lines added'),
      linesRemoved: z.number().describe('Lines removed'),
      otherToolCount: z.number().describe('Other tool calls'),
      frameCount: z.number().optional().describe('Frames'),
    })
    .optional()
    .describe('Tool-call statistics (2.1.100)'),
  worktreePath: z.string().optional().describe('Worktree the subagent worked in (seen in 2.1.114 logs)'),
  worktreeBranch: z.string().optional().describe('Branch of that worktree (seen in 2.1.114 logs)'),
});

const asyncLaunchedResult = z.looseObject({
  status: z.literal('async_launched').describe('The subagent was started in the background'),
  isAsync: z.literal(true).optional().describe('Always true'),
  agentId: z.string().describe('Id of the subagent'),
  description: z.string().describe('Task description'),
  prompt: z.string().describe('Prompt given to the subagent'),
  outputFile: z.string().optional().describe('File the subagent writes its output to (2.0.77)'),
  canReadOutputFile: z.boolean().optional().describe('The caller may read outputFile'),
  ...modelFields,
});

const remoteLaunchedResult = z.looseObject({
  status: z.literal('remote_launched').describe('The subagent was started in a remote session (2.1.200)'),
  taskId: z.string().describe('Id of the remote task'),
  sessionUrl: z.string().describe('URL of the remote session'),
  description: z.string().describe('Task description'),
  prompt: z.string().describe('Prompt given to the subagent'),
  outputFile: z.string().describe('File the output is written to'),
});

const subAgentEnteredResult = z.looseObject({
  status: z
    .literal('sub_agent_entered')
    .describe('The conversation switched into the subagent (2.0.30–2.1.63)'),
  description: z.string().describe('Task description'),
  message: z.string().describe('Notice text'),
});

const teammateSpawnedResult = z.looseObject({
  status: z.literal('teammate_spawned').describe('A team member was started (agent teams)'),
  teammate_id: z.string().optional().describe('Id of the teammate, "<name>@<team>"'),
  agent_id: z.string().optional().describe('Id of the teammate agent'),
  name: z.string().optional().describe('Name of the teammate'),
  color: z.string().optional().describe('Display color of the teammate'),
  team_name: z.string().optional().describe('Team joined'),
  agent_type: z.string().optional().describe('Agent type of the teammate'),
  model: z.string().optional().describe('Model of the teammate'),
  prompt: z.string().optional().describe('Prompt given to the teammate'),
});

const runningResult = z.looseObject({
  status: z.literal('running').describe('The subagent is still running (reported by one log inventory)'),
  isAsync: z.boolean().optional().describe('Started in the background'),
  agentId: z.string().describe('Id of the subagent'),
  description: z.string().optional().describe('Task description'),
  prompt: z.string().optional().describe('Prompt given to the subagent'),
});

const legacyResult = z.looseObject({
  status: z.never().optional().describe('Absent: results of 1.0.x builds carry no status'),
  ...runMetrics,
  exitPlanModeInput: z
    .looseObject({ plan: z.string().describe('Plan text') })
    .optional()
    .describe('Plan the subagent proposed through ExitPlanMode'),
});

const agentResultSchema = z.union([
  z.discriminatedUnion('status', [
    completedResult,
    asyncLaunchedResult,
    remoteLaunchedResult,
    subAgentEnteredResult,
    teammateSpawnedResult,
    runningResult,
  ]),
  legacyResult,
]);

const agentHistory = [
  '1.0.30: input description, prompt.',
  '1.0.60: input + subagent_type (required).',
  '1.0.7x–1.0.12x: result has no status/agentId (content, totals, usage, exitPlanModeInput?).',
  '2.0.30: input + model, resume; result gains status ("completed", "async_launched", "sub_agent_entered"), agentId, prompt.',
  '2.0.77: input + run_in_background; async result + outputFile.',
  '2.1.30: input + max_turns, name, team_name, mode.',
  '2.1.63: renamed Agent (Task stays an alias); input mode drops "delegate", + isolation.',
  '2.1.77: input resume removed (use SendMessage).',
  '2.1.100: input subagent_type optional, max_turns removed, mode + "auto"; result + agentType, toolStats.',
  '2.1.200: input model + "fable", isolation + "remote", mode + "bubble"; result status "remote_launched", resolvedModel.',
  '2.1.201–2.1.330: input mode drops "bubble" (transient, not in the SDK 0.3.330 types).',
  '2.1.250: result + modelsUsed; worktreePath and worktreeBranch (spec: 2.1.250) already appear in 2.1.114 logs.',
  '2.1.300: input + effort.',
  '2.1.330: result + toolsUsed.',
  'Agent teams: result status "teammate_spawned" (seen in other parsers\' fixtures, not in the spec).',
];

/** The `Agent` tool. */
export const agentTool = defineTool({
  kind: 'subagent',
  name: 'Agent',
  aliases: ['Task'],
  description: 'Starts a subagent that works on a delegated task and reports back.',
  input: agentInputSchema,
  result: agentResultSchema,
  firstVersion: '2.1.63',
  history: agentHistory,
});

/** The `Task` tool. */
export const taskTool = defineTool({
  kind: 'subagent',
  name: 'Task',
  canonical: 'Agent',
  description: 'Starts a subagent that works on a delegated task and reports back (named Agent from 2.1.63).',
  input: agentInputSchema,
  result: agentResultSchema,
  lastVersion: '2.1.62',
  status: 'deprecated',
  history: agentHistory,
});
