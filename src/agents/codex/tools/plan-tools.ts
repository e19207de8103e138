import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { parsedShellOutputSchema } from './tool-result.js';

/** Arguments of `update_plan`: the whole plan, each step with its status. */
export const updatePlanInputSchema = z.looseObject({
  explanation: z.string().nullish(),
  plan: z.array(
    z.looseObject({
      step: z.string(),
      status: z.enum(['pending', 'in_progress', 'completed']),
    }),
  ),
});

export const updatePlanTool = defineTool({
  kind: 'plan',
  name: 'update_plan',
  description: 'Replaces the task plan shown to the user (steps with pending/in_progress/completed).',
  input: updatePlanInputSchema,
  result: parsedShellOutputSchema,
  history: ['Output is the text "Plan updated".'],
});

/** Arguments of `request_user_input`: one to three multiple-choice questions. */
export const requestUserInputInputSchema = z.looseObject({
  questions: z.array(
    z.looseObject({
      id: z.string(),
      header: z.string(),
      question: z.string(),
      options: z.array(z.looseObject({ label: z.string(), description: z.string() })).optional(),
    }),
  ),
});

export const requestUserInputTool = defineTool({
  kind: 'other',
  name: 'request_user_input',
  description: 'Asks the user one to three short multiple-choice questions and waits for the answers.',
  input: requestUserInputInputSchema,
  result: parsedShellOutputSchema,
});
