import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { emptyInputSchema } from './shared-shapes.js';

const fireTime = z.union([z.string(), z.number()]).describe('Next time the job fires');

/** The `CronCreate` tool. */
export const cronCreateTool = defineTool({
  kind: 'other',
  name: 'CronCreate',
  description: 'Schedules a prompt to run on a cron schedule (once or recurring).',
  input: z.looseObject({
    cron: z.string().describe('Cron expression'),
    prompt: z.string().describe('Prompt to run when the job fires'),
    recurring: z.boolean().optional().describe('Fire repeatedly rather than once'),
    durable: z.boolean().optional().describe('Survive the end of the session'),
  }),
  result: z.looseObject({
    id: z.string().describe('Id of the job'),
    humanSchedule: z.string().describe('Schedule in words'),
    recurring: z.boolean().describe('The job fires repeatedly'),
    durable: z.boolean().optional().describe('The job survives the session'),
    nextFireAt: fireTime.optional(),
    maxAgeMs: z.number().optional().describe('Age after which a recurring job expires'),
    otherOneShots: z
      .array(
        z
          .looseObject({
            id: z.string().describe('Id of the job'),
            humanSchedule: z.string().describe('Schedule in words'),
            prompt: z.string().describe('Prompt of the job'),
          })
          .describe('A one-shot job'),
      )
      .optional()
      .describe('Other pending one-shot jobs'),
  }),
  firstVersion: '2.1.71',
});

/** The `CronDelete` tool. */
export const cronDeleteTool = defineTool({
  kind: 'other',
  name: 'CronDelete',
  description: 'Cancels a scheduled job.',
  input: z.looseObject({ id: z.string().describe('Id of the job') }),
  result: z.looseObject({
    id: z.string().describe('Id of the cancelled job'),
    endedLoopWakeup: z.unknown().optional().describe('A loop wake-up that ended with the job'),
  }),
  firstVersion: '2.1.71',
});

/** The `CronList` tool. */
export const cronListTool = defineTool({
  kind: 'other',
  name: 'CronList',
  description: 'Lists scheduled jobs.',
  input: emptyInputSchema,
  result: z.looseObject({
    jobs: z
      .array(
        z
          .looseObject({
            id: z.string().describe('Id of the job'),
            cron: z.string().describe('Cron expression'),
            humanSchedule: z.string().describe('Schedule in words'),
            prompt: z.string().describe('Prompt of the job'),
            recurring: z.boolean().optional().describe('The job fires repeatedly'),
            durable: z.boolean().optional().describe('The job survives the session'),
            nextFireAt: fireTime.optional(),
          })
          .describe('One job'),
      )
      .describe('Scheduled jobs'),
  }),
  firstVersion: '2.1.71',
});

/** The `ScheduleWakeup` tool. */
export const scheduleWakeupTool = defineTool({
  kind: 'other',
  name: 'ScheduleWakeup',
  description: 'Asks to be woken up with a prompt after a delay (or cancels pending wake-ups).',
  input: z.looseObject({
    delaySeconds: z.number().optional().describe('Delay before the wake-up (required in 2.1.200)'),
    reason: z.string().optional().describe('Why to wake up (required in 2.1.200)'),
    prompt: z.string().optional().describe('Prompt to run at wake-up (required in 2.1.200)'),
    stop: z.boolean().optional().describe('Cancel pending wake-ups (2.1.250)'),
    noop: z.boolean().optional().describe('Schedule nothing (2.1.250)'),
  }),
  result: z.looseObject({
    scheduledFor: z.union([z.string(), z.number()]).describe('When the wake-up fires'),
    clampedDelaySeconds: z.number().describe('Delay actually used'),
    wasClamped: z.boolean().describe('The delay was clamped to the allowed range'),
    stopped: z.boolean().optional().describe('Pending wake-ups were cancelled'),
    cancelledWakeups: z.unknown().optional().describe('Wake-ups cancelled'),
  }),
  history: ['2.1.200: delaySeconds, reason, prompt required.', '2.1.250: all optional; + stop, noop.'],
});

/** The `PushNotification` tool. */
export const pushNotificationTool = defineTool({
  kind: 'other',
  name: 'PushNotification',
  description: "Sends a notification to the user's devices.",
  input: z.looseObject({
    message: z.string().describe('Notification text'),
    status: z.literal('proactive').optional().describe('Always "proactive" (optional from 2.1.330)'),
  }),
  result: z.looseObject({
    message: z.string().describe('Notification text'),
    pushSent: z.boolean().optional().describe('A push notification was sent'),
    localSent: z.boolean().optional().describe('A local notification was shown'),
    disabledReason: z
      .enum(['config_off', 'user_present', 'no_transport'])
      .optional()
      .describe('Why nothing was sent'),
    sentAt: z.string().optional().describe('When it was sent'),
  }),
  firstVersion: '2.1.110',
});

/** The `RemoteTrigger` tool. */
export const remoteTriggerTool = defineTool({
  kind: 'other',
  name: 'RemoteTrigger',
  description: 'Manages remote triggers that start cloud sessions (list, create, run, read logs).',
  input: z.looseObject({
    action: z
      .enum(['list', 'get', 'create', 'update', 'run', 'create_webhook_trigger', 'list_runs', 'get_run_log'])
      .describe('What to do'),
    trigger_id: z.string().optional().describe('Trigger to act on'),
    session_id: z.string().optional().describe('Session to act on'),
    cursor: z.string().optional().describe('Pagination cursor'),
    body: z.record(z.string(), z.unknown()).optional().describe('Request body for create and update'),
  }),
  result: z.looseObject({
    status: z.number().describe('HTTP status of the API call'),
    json: z.string().describe('Response body as JSON text'),
    summary: z.string().optional().describe('Summary of the response'),
  }),
  history: ['2.1.2xx–2.1.3xx addition.'],
});
