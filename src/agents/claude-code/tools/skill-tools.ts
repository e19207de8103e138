import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

/** The `SlashCommand` tool. */
export const slashCommandTool = defineTool({
  kind: 'other',
  name: 'SlashCommand',
  canonical: 'Skill',
  description: 'Runs a custom slash command on behalf of the model.',
  input: z.looseObject({
    command: z.string().describe('The slash command with its arguments, e.g. "/review 12"'),
  }),
  result: z.looseObject({
    success: z.boolean().describe('The command was found and run'),
    commandName: z.string().describe('Name of the command'),
  }),
  firstVersion: '1.0.123',
  status: 'removed',
  history: ['1.0.123–2.0.x; superseded by Skill (both exist in 2.0.30).'],
});

/** The `Skill` tool. */
export const skillTool = defineTool({
  kind: 'other',
  name: 'Skill',
  aliases: ['SlashCommand'],
  description: 'Loads a skill (or runs a slash command) whose instructions follow as a meta user message.',
  input: z.union([
    z.looseObject({
      skill: z.string().describe('Name of the skill'),
      args: z.string().optional().describe('Arguments for the skill'),
    }),
    z.looseObject({ command: z.string().describe('Name of the skill (2.0.30 form)') }),
  ]),
  result: z.union([
    z.looseObject({
      success: z.boolean().describe('The skill was found and loaded'),
      commandName: z.string().describe('Name of the skill'),
      status: z.literal('forked').describe('The skill ran in a forked subagent'),
      agentId: z.string().describe('Id of the subagent'),
      result: z.string().describe('What the subagent returned'),
    }),
    z.looseObject({
      success: z.boolean().describe('The skill was found and loaded'),
      commandName: z.string().describe('Name of the skill'),
      allowedTools: z.array(z.string()).optional().describe('Tools the skill allows without asking'),
      model: z.string().optional().describe('Model the skill asks for'),
      status: z.literal('inline').optional().describe('The skill runs in the current conversation'),
    }),
  ]),
  history: [
    '≈2.0.2x: introduced; 2.0.30 input command.',
    'By 2.0.77: input skill, args.',
    'Result inline {success, commandName, allowedTools?, model?} or forked {status: "forked", agentId, result}.',
  ],
});

const proposalEdit = z
  .looseObject({
    old_string: z.string().describe('Text to replace in the skill'),
    new_string: z.string().describe('Replacement text'),
  })
  .describe('One edit to an existing skill');

/** The `propose_skills` tool. */
export const proposeSkillsTool = defineTool({
  kind: 'other',
  name: 'propose_skills',
  aliases: ['ProposeSkillsInput'],
  description: 'Proposes new skills or improvements to existing ones for the user to accept.',
  input: z.looseObject({
    proposals: z
      .array(
        z
          .looseObject({
            name: z.string().describe('Skill name'),
            kind: z.enum(['new', 'improvement']).describe('New skill or change to an existing one'),
            target: z.string().optional().describe('Skill to improve'),
            description: z.string().describe('What the skill does'),
            evidence: z.array(z.string()).optional().describe('Why it is proposed'),
            skillMd: z.string().optional().describe('Full SKILL.md of a new skill'),
            edits: z.array(proposalEdit).min(1).optional().describe('Edits for an improvement'),
          })
          .describe('One proposal'),
      )
      .min(1)
      .max(3)
      .describe('Proposals (1 to 3)'),
  }),
  result: z.looseObject({ proposalCount: z.number().describe('Number of proposals recorded') }),
  history: ['2.1.2xx–2.1.3xx addition (SDK type ProposeSkillsInput).'],
});

/** The `Workflow` tool. */
export const workflowTool = defineTool({
  kind: 'other',
  name: 'Workflow',
  description: 'Launches a scripted multi-step workflow as a background or remote task.',
  input: z.looseObject({
    script: z.string().optional().describe('Workflow script'),
    name: z.string().optional().describe('Name of a saved workflow'),
    description: z.string().optional().describe('What the run is for'),
    title: z.string().optional().describe('Title of the run'),
    args: z.record(z.string(), z.unknown()).optional().describe('Arguments for the workflow'),
    scriptPath: z.string().optional().describe('File holding the script'),
    resumeFromRunId: z.string().optional().describe('Run to resume'),
  }),
  result: z.looseObject({
    status: z.enum(['async_launched', 'remote_launched']).describe('Where the workflow was started'),
    taskId: z.string().describe('Id of the background task'),
    taskType: z.string().optional().describe('Kind of task'),
    workflowName: z.string().optional().describe('Name of the workflow'),
    runId: z.string().optional().describe('Id of the run'),
    summary: z.string().optional().describe('Summary'),
    transcriptDir: z.string().optional().describe('Directory of the run transcripts'),
    scriptPath: z.string().optional().describe('File holding the script'),
    sessionUrl: z.string().optional().describe('URL of the remote session'),
    warning: z.string().optional().describe('Warning text'),
    error: z.string().optional().describe('Error text'),
  }),
  history: ['2.1.2xx addition.'],
});

/** The `StructuredOutput` tool. */
export const structuredOutputTool = defineTool({
  kind: 'other',
  name: 'StructuredOutput',
  description:
    "Returns the final answer as JSON matching the caller's schema (SDK outputFormat, --json-schema).",
  input: opaqueInputSchema.describe("An object matching the caller's JSON schema"),
  result: opaqueResultSchema.describe('Echo of the structured object'),
  history: ['Synthetic tool added when a JSON schema output is requested (2.0.7x+).'],
});
