import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { legacyField } from '../../../schemas/common/legacy-field.js';
import { emptyInputSchema } from './shared-shapes.js';

/** The `EnterPlanMode` tool. */
export const enterPlanModeTool = defineTool({
  kind: 'plan',
  name: 'EnterPlanMode',
  description: 'Switches the session into plan mode (read-only exploration before changes).',
  input: emptyInputSchema,
  result: z.looseObject({ message: z.string().describe('Confirmation text') }),
  history: ['Introduced between 2.0.50 and 2.0.77.'],
});

const exitPlanModeInputSchema = z.looseObject({
  plan: z
    .string()
    .optional()
    .describe('The plan, in Markdown (required up to 2.0.50; later read from the plan file)'),
  allowedPrompts: z
    .array(
      z
        .looseObject({
          tool: z.string().describe('Tool the permission is for, e.g. "Bash"'),
          prompt: z.string().describe('Description of the actions to allow'),
        })
        .describe('One permission'),
    )
    .optional()
    .describe('Permissions the plan asks for (2.1.30)'),
  pushToRemote: z.boolean().optional().describe('Continue the plan in a remote session (2.1.30)'),
  remoteSessionId: z.string().optional().describe('Remote session id (2.1.30)'),
  remoteSessionUrl: z.string().optional().describe('Remote session URL (2.1.30)'),
  remoteSessionTitle: z.string().optional().describe('Remote session title (2.1.30)'),
  launchSwarm: legacyField(z.boolean().optional(), 'Start a team to carry out the plan (legacy)'),
  teammateCount: legacyField(z.number().optional(), 'Team size for launchSwarm (legacy)'),
});

const exitPlanModeResultSchema = z.looseObject({
  plan: z.string().nullable().describe('The plan approved (null when none was written)'),
  isAgent: z.boolean().describe('Called by a subagent rather than the main session'),
  filePath: z.string().optional().describe('Plan file'),
  hasTaskTool: z.boolean().optional().describe('The session can delegate the plan to subagents'),
  planWasEdited: z.boolean().optional().describe('The user edited the plan before approving (2.1.100)'),
  awaitingLeaderApproval: z.boolean().optional().describe('A team lead must approve the plan'),
  requestId: z.string().optional().describe('Id of the approval request sent to the lead'),
});

const exitPlanModeHistory = [
  '≤1.0.5x: named exit_plan_mode.',
  '≤2.0.50: input plan required.',
  'By 2.0.77: input is an open object; the plan comes from the plan file.',
  '2.1.30: input + allowedPrompts, pushToRemote, remoteSession*.',
  '2.0.51–2.0.77: input plan removed (the plan comes from the plan file).',
  '2.1.31–2.1.330: input pushToRemote removed, remoteSession* removed (not in the SDK 0.3.330 types).',
  '2.1.x: result plan nullable, + filePath, hasTaskTool, awaitingLeaderApproval, requestId; 2.1.100: + planWasEdited.',
];

/** The `ExitPlanMode` tool. */
export const exitPlanModeTool = defineTool({
  kind: 'plan',
  name: 'ExitPlanMode',
  aliases: ['exit_plan_mode'],
  description: 'Presents the plan for approval and leaves plan mode.',
  input: exitPlanModeInputSchema,
  result: exitPlanModeResultSchema,
  history: exitPlanModeHistory,
});

/** The `exit_plan_mode` tool. */
export const exitPlanModeSnakeTool = defineTool({
  kind: 'plan',
  name: 'exit_plan_mode',
  canonical: 'ExitPlanMode',
  description: 'Presents the plan for approval and leaves plan mode (old snake_case name).',
  input: exitPlanModeInputSchema,
  result: exitPlanModeResultSchema,
  status: 'removed',
  history: exitPlanModeHistory,
});

const questionOption = z
  .looseObject({
    label: z.string().describe('Text of the choice'),
    description: z.string().describe('What choosing it means'),
    preview: z.string().optional().describe('Preview shown for the choice (2.1.100)'),
  })
  .describe('One choice');

const questionSchema = z
  .looseObject({
    question: z.string().describe('The question'),
    header: z.string().describe('Short label (at most 12 characters)'),
    options: z.array(questionOption).describe('Choices (2 to 4)'),
    multiSelect: z.boolean().describe('Several choices may be picked'),
  })
  .describe('One question');

const annotations = z
  .record(
    z.string(),
    z
      .looseObject({
        preview: z.string().optional().describe('Preview picked'),
        notes: z.string().optional().describe('Notes the user added'),
        unanswered: z
          .enum(['skipped', 'replied_in_chat', 'dismissed'])
          .optional()
          .describe('Why no choice was made (2.1.330)'),
      })
      .describe('Annotation of one question'),
  )
  .describe('Annotations by question text (2.1.100)');

const answers = z.record(z.string(), z.string()).describe('Answers by question text');

const askInputSchema = z.looseObject({
  questions: z
    .array(
      questionSchema.extend({ options: z.array(questionOption).min(2).max(4).describe('Choices (2 to 4)') }),
    )
    .min(1)
    .max(4)
    .describe('Questions to ask (1 to 4)'),
  answers: answers.optional(),
  annotations: annotations.optional(),
  metadata: z
    .looseObject({ source: z.string().optional().describe('What triggered the question') })
    .optional()
    .describe('Metadata (2.1.30)'),
});

const legacyAskInputSchema = legacyField(
  z.looseObject({
    question: z.string().describe('The question (legacy single-question form)'),
    options: z.array(z.unknown()).optional().describe('Choices'),
  }),
  'Legacy single-question form (reported by third-party parsers; in no documented version)',
);

/** The `AskUserQuestion` tool. */
export const askUserQuestionTool = defineTool({
  kind: 'other',
  name: 'AskUserQuestion',
  aliases: ['MultipleChoiceQuestionInput'],
  description: 'Asks the user one to four multiple-choice questions and waits for the answers.',
  input: z.union([askInputSchema, legacyAskInputSchema]),
  result: z.looseObject({
    questions: z.array(questionSchema).describe('Questions asked'),
    answers,
    response: z.string().optional().describe('Free-text reply (by 2.1.197)'),
    annotations: annotations.optional(),
    afkTimeoutMs: z.number().optional().describe('How long the question waited before timing out (2.1.200)'),
  }),
  firstVersion: '2.0.21',
  history: [
    '2.0.21: introduced (SDK type MultipleChoiceQuestionInput in 0.1.30).',
    '2.1.30: input + metadata.',
    '2.1.100: options + preview; input and result + annotations.',
    'By 2.1.197: result + response. 2.1.200: result + afkTimeoutMs. 2.1.330: annotations + unanswered.',
    'A legacy single-question input form was reported by third-party parsers.',
  ],
});
