import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { legacyField } from '../../../schemas/common/legacy-field.js';
import { anyTodoItemSchema, emptyInputSchema, opaqueResultSchema } from './shared-shapes.js';

/** The `TodoWrite` tool. */
export const todoWriteTool = defineTool({
  kind: 'plan',
  name: 'TodoWrite',
  description: "Replaces the session's todo list (the whole list is sent each time).",
  input: z.looseObject({
    todos: z.array(anyTodoItemSchema).describe('The complete new todo list'),
  }),
  result: z.looseObject({
    oldTodos: z.array(anyTodoItemSchema).describe('List before the call'),
    newTodos: z.array(anyTodoItemSchema).describe('List after the call'),
    verificationNudgeNeeded: z
      .boolean()
      .optional()
      .describe('Claude Code will remind the model to verify its work (2.1.100)'),
  }),
  history: [
    '1.0.x: items {content, status, priority, id}; the 1.0.70 SDK type has {content, status, id}.',
    '1.0.7x: items {content, status, activeForm}.',
    '2.1.16: hidden in interactive sessions (Task* tools); 2.1.233: off on newest models unless CLAUDE_CODE_ENABLE_TODO_TOOLS=1.',
    '2.1.100: result + verificationNudgeNeeded.',
  ],
});

/** The `TodoRead` tool. */
export const todoReadTool = defineTool({
  kind: 'plan',
  name: 'TodoRead',
  description: "Reads the session's todo list.",
  input: emptyInputSchema,
  result: opaqueResultSchema,
  status: 'removed',
  history: ['Removed by 1.0.70 (TodoWrite results carry the list).'],
});

const taskStatus = z.enum(['pending', 'in_progress', 'completed']).describe('State of the task');
const prototypeTaskStatus = z.enum(['open', 'resolved']).describe('State of the task (2.0.7x prototype)');
const metadata = z.record(z.string(), z.unknown()).describe('Free-form metadata');

/** The `TaskCreate` tool. */
export const taskCreateTool = defineTool({
  kind: 'plan',
  name: 'TaskCreate',
  description: 'Adds a task to the shared task list.',
  input: z.looseObject({
    subject: z.string().describe('Short title in imperative form'),
    description: z.string().describe('What needs doing'),
    activeForm: z.string().optional().describe('Present-continuous form shown while in progress'),
    metadata: metadata.optional(),
  }),
  result: z.looseObject({
    task: z
      .looseObject({
        id: z.string().describe('Id of the new task'),
        subject: z.string().describe('Title of the task'),
        description: z.string().optional().describe('What needs doing (2.1.330)'),
      })
      .describe('The task created'),
  }),
  firstVersion: '2.1.16',
  history: [
    '2.0.7x: gated prototype with input subject, description.',
    '2.1.16: shipped; input + activeForm, metadata.',
    '2.1.330: result task + description.',
  ],
});

const currentTaskDetail = z.looseObject({
  id: z.string().describe('Task id'),
  subject: z.string().describe('Title'),
  description: z.string().describe('What needs doing'),
  status: taskStatus,
  blocks: z.array(z.string()).describe('Tasks waiting on this one'),
  blockedBy: z.array(z.string()).describe('Tasks this one waits on'),
  owner: z.string().optional().describe('Agent that owns the task'),
});

const prototypeTaskDetail = z.looseObject({
  id: z.string().describe('Task id'),
  subject: z.string().describe('Title'),
  description: z.string().describe('What needs doing'),
  status: prototypeTaskStatus,
  references: z.array(z.unknown()).optional().describe('Referenced tasks'),
  comments: z
    .array(
      z
        .looseObject({
          author: z.string().describe('Who wrote the comment'),
          content: z.string().describe('Comment text'),
        })
        .describe('One comment'),
    )
    .optional()
    .describe('Comments on the task'),
});

/** The `TaskGet` tool. */
export const taskGetTool = defineTool({
  kind: 'plan',
  name: 'TaskGet',
  description: 'Reads one task of the shared task list.',
  input: z.looseObject({ taskId: z.string().describe('Id of the task') }),
  result: z.looseObject({
    task: z
      .union([currentTaskDetail, prototypeTaskDetail])
      .nullable()
      .describe('The task, or null when it does not exist'),
  }),
  firstVersion: '2.1.16',
  history: [
    '2.0.7x prototype: status open/resolved, references, comments.',
    '2.1.16: status pending/in_progress/completed, blocks, blockedBy.',
  ],
});

/** The `TaskUpdate` tool. */
export const taskUpdateTool = defineTool({
  kind: 'plan',
  name: 'TaskUpdate',
  description: 'Changes a task of the shared task list (status, owner, dependencies, text).',
  input: z.looseObject({
    taskId: z.string().describe('Id of the task'),
    subject: z.string().optional().describe('New title'),
    description: z.string().optional().describe('New description'),
    activeForm: z.string().optional().describe('New present-continuous form'),
    status: z
      .enum(['pending', 'in_progress', 'completed', 'deleted', 'open', 'resolved'])
      .optional()
      .describe('New state ("deleted" 2.1.20; "open"/"resolved" in the 2.0.7x prototype)'),
    addBlocks: z.array(z.string()).optional().describe('Tasks that now wait on this one'),
    addBlockedBy: z.array(z.string()).optional().describe('Tasks this one now waits on'),
    owner: z.string().optional().describe('New owner agent'),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Metadata to merge (a null value deletes the key)'),
    addComment: legacyField(z.unknown().optional(), 'Comment to add (2.0.7x prototype)'),
    addReferences: legacyField(z.unknown().optional(), 'References to add (2.0.7x prototype)'),
  }),
  result: z.looseObject({
    success: z.boolean().describe('The update was applied'),
    taskId: z.string().describe('Id of the task'),
    updatedFields: z.array(z.string()).describe('Fields that changed'),
    error: z.string().optional().describe('Why the update failed'),
    statusChange: z
      .looseObject({
        from: z.string().describe('Previous state'),
        to: z.string().describe('New state'),
      })
      .optional()
      .describe('State transition, when the status changed'),
    wasResolved: z.boolean().optional().describe('The task became resolved (2.0.7x prototype)'),
    verificationNudgeNeeded: z
      .boolean()
      .optional()
      .describe('Claude Code will remind the model to verify its work (seen in 2.1.114 logs)'),
  }),
  firstVersion: '2.1.16',
  history: [
    '2.0.7x prototype: status open/resolved, addComment, addReferences; result wasResolved.',
    '2.1.16: shipped; input status drops "open", status drops "resolved", addComment removed, addReferences removed.',
    '2.1.20: status + "deleted".',
    'Result verificationNudgeNeeded observed in 2.1.114 logs (not in the spec).',
  ],
});

/** The `TaskList` tool. */
export const taskListTool = defineTool({
  kind: 'plan',
  name: 'TaskList',
  description: 'Lists the tasks of the shared task list.',
  input: emptyInputSchema,
  result: z.looseObject({
    tasks: z
      .array(
        z
          .looseObject({
            id: z.string().describe('Task id'),
            subject: z.string().describe('Title'),
            status: z.string().describe('State of the task'),
            owner: z.string().optional().describe('Agent that owns the task'),
            blockedBy: z.array(z.string()).describe('Tasks this one waits on'),
          })
          .describe('One task'),
      )
      .describe('All tasks'),
  }),
  firstVersion: '2.1.16',
});
