import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { emptyInputSchema, opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

const findingLevel = z.enum(['low', 'medium', 'high', 'xhigh', 'max']).describe('Review depth');

const findingSchema = z
  .looseObject({
    file: z.string().describe('File the finding is in'),
    line: z.number().optional().describe('Line of the finding'),
    summary: z.string().describe('What is wrong'),
    short_summary: z.string().optional().describe('One-line summary'),
    failure_scenario: z.string().describe('How the problem shows up'),
    category: z.string().optional().describe('Kind of problem'),
    severity: z.enum(['important', 'pre_existing', 'nit']).optional().describe('How much it matters'),
    verdict: z.enum(['CONFIRMED', 'PLAUSIBLE']).optional().describe('How sure the reviewer is'),
    outcome: z.enum(['fixed', 'skipped', 'no_change_needed']).optional().describe('What was done about it'),
  })
  .describe('One review finding');

/** The `ReportFindings` tool. */
export const reportFindingsTool = defineTool({
  kind: 'other',
  name: 'ReportFindings',
  description: 'Reports code-review findings in a structured form.',
  input: z.looseObject({
    level: findingLevel.optional(),
    findings: z.array(findingSchema).describe('Findings'),
  }),
  result: z.looseObject({
    count: z.number().describe('Findings recorded'),
    level: findingLevel.optional(),
    findings: z.array(findingSchema).describe('Findings recorded'),
  }),
});

/** The `SendFeedback` tool. */
export const sendFeedbackTool = defineTool({
  kind: 'other',
  name: 'SendFeedback',
  description: 'Files feedback about Claude Code (bug, idea, missing capability).',
  input: z.looseObject({
    type: z.enum(['bug', 'idea', 'missing_capability']).describe('Kind of feedback'),
    title: z.string().describe('Title'),
    details: z.string().describe('Details'),
    area: z.string().optional().describe('Product area'),
    failure_mode: z
      .enum([
        'instruction_following',
        'destructive_actions',
        'code_quality',
        'repetition_and_looping',
        'model_regression',
        'overconfidence_and_hallucination',
        'context_and_memory',
        'overeager',
        'over_correction',
        'stopping_short',
        'dispute_or_decline',
        'subagent_overspawn',
        'tone_or_preachiness',
        'excessive_questions',
        'unwanted_scope',
        'other',
      ])
      .optional()
      .describe('How things went wrong'),
    task_category: z
      .enum(['code_edit', 'debug', 'explain', 'plan', 'shell', 'search', 'review', 'other'])
      .optional()
      .describe('Kind of task being done'),
  }),
  result: z.looseObject({
    success: z.boolean().describe('The feedback was sent'),
    message: z.string().describe('Confirmation text'),
  }),
});

/** The `ReadNotifications` tool. */
export const readNotificationsTool = defineTool({
  kind: 'other',
  name: 'ReadNotifications',
  description: 'Reads queued notifications for the session.',
  input: emptyInputSchema,
  result: z.looseObject({
    notifications: z
      .array(
        z
          .looseObject({
            notification_id: z.string().describe('Id of the notification'),
            origin: z.unknown().describe('Where it came from'),
            queued_at: z.string().describe('When it was queued'),
            content: z.unknown().describe('Notification content'),
            arrived_at: z.string().optional().describe('When it arrived'),
          })
          .describe('One notification'),
      )
      .describe('Notifications read'),
    remaining: z.number().describe('Notifications still queued'),
    read_at: z.string().optional().describe('When they were read'),
  }),
});

/** The `OfferChromeSetup` tool. */
export const offerChromeSetupTool = defineTool({
  kind: 'other',
  name: 'OfferChromeSetup',
  description: 'Offers the user to connect the Chrome browser extension.',
  input: z.looseObject({ reason: z.string().optional().describe('Why the browser is needed') }),
  result: z.looseObject({
    outcome: z.enum(['connected', 'not_now', 'no_attempt_yet']).describe('What the user chose'),
  }),
});

/** The `ShowOnboardingRolePicker` tool. */
export const showOnboardingRolePickerTool = defineTool({
  kind: 'other',
  name: 'ShowOnboardingRolePicker',
  description: 'Shows the onboarding role picker to the user.',
  input: emptyInputSchema,
  result: z.looseObject({
    role: z.string().optional().describe('Role picked'),
    dismissed: z.boolean().optional().describe('The picker was dismissed'),
  }),
});

/** The `ShareOnboardingGuide` tool. */
export const shareOnboardingGuideTool = defineTool({
  kind: 'other',
  name: 'ShareOnboardingGuide',
  description: 'Shares an onboarding guide with the user.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  history: ['Name from the 2.1.3xx built-in tool list; arguments not published.'],
});

/** The `ClaudeDesign` tool. */
export const claudeDesignTool = defineTool({
  kind: 'other',
  name: 'ClaudeDesign',
  description: 'Calls an operation of the Claude Design integration.',
  input: z.looseObject({
    operation: z.string().describe('Operation name'),
    arguments: z.looseObject({}).describe('Operation arguments'),
  }),
  result: z.looseObject({
    operation: z.string().describe('Operation called'),
    content: z.array(z.looseObject({}).describe('Content item')).describe('Operation output'),
    isError: z.boolean().optional().describe('The operation failed'),
  }),
});

/** The `Projects` tool. */
export const projectsTool = defineTool({
  kind: 'other',
  name: 'Projects',
  description: 'Reads, searches and writes the files and memory of a Claude project.',
  input: z.looseObject({
    method: z
      .enum([
        'project_info',
        'project_read',
        'project_search',
        'project_write',
        'project_delete',
        'project_memory_list',
        'project_memory_read',
      ])
      .describe('Operation'),
    path: z.string().optional().describe('Project file path'),
    content: z.string().optional().describe('Content to write'),
    local_path: z.string().optional().describe('Local file to upload or download to'),
    present_to_user: z.boolean().optional().describe('Show the file to the user'),
    query: z.string().optional().describe('Search query'),
    n: z.number().optional().describe('Most results to return'),
  }),
  result: z.looseObject({}).describe('Operation output; shape depends on method (validated loosely)'),
});

/** The `Artifact` tool. */
export const artifactTool = defineTool({
  kind: 'other',
  name: 'Artifact',
  description: 'Publishes, reads, watches and manages hosted artifacts and their assets.',
  input: z.looseObject({
    action: z
      .enum([
        'publish',
        'list',
        'read',
        'list_types',
        'watch',
        'unwatch',
        'status',
        'upload_asset',
        'list_assets',
        'read_asset',
        'delete_asset',
        'pin',
        'unpin',
      ])
      .optional()
      .describe('Operation (default publish)'),
    file_path: z.string().optional().describe('File to publish'),
    favicon: z.string().optional().describe('Favicon of the artifact'),
    icon: z.string().optional().describe('Icon of the artifact'),
    limit: z.number().optional().describe('Most items to return'),
    page_token: z.string().optional().describe('Pagination token'),
    scope: z.enum(['mine', 'shared', 'all']).optional().describe('Which artifacts to list'),
    title: z.string().optional().describe('Title'),
    description: z.string().optional().describe('Description'),
    label: z.string().optional().describe('Label'),
    url: z.string().optional().describe('Artifact URL'),
    prompt: z.string().optional().describe('Question to answer about the artifact'),
    force: z.boolean().optional().describe('Overwrite without asking'),
    pin: z.boolean().optional().describe('Pin the artifact'),
    out_dir: z.string().optional().describe('Directory to download to'),
    file_paths: z.array(z.string()).optional().describe('Files to upload'),
    asset_id: z.string().optional().describe('Asset to act on'),
    after: z.string().optional().describe('Only changes after this point'),
    capabilities: z.record(z.string(), z.unknown()).optional().describe('Capabilities the artifact needs'),
    contract: z
      .union([z.literal('latest'), z.string()])
      .optional()
      .describe('Data contract of the artifact ("latest" or a version)'),
  }),
  result: z
    .looseObject({
      url: z.string().optional().describe('URL of a published artifact'),
      path: z.string().optional().describe('Path of a published artifact'),
      artifacts: z.array(z.unknown()).optional().describe('Artifacts listed'),
    })
    .describe('Operation output; keyed by which top-level key is present (validated loosely)'),
});
