import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { emptyInputSchema, opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

/** The `Teammate` tool. */
export const teammateTool = defineTool({
  kind: 'subagent',
  name: 'Teammate',
  description: 'Manages an agent team through one operation argument (spawn, join, clean up).',
  input: z.looseObject({
    operation: z
      .enum(['spawnTeam', 'cleanup', 'discoverTeams', 'requestJoin', 'approveJoin', 'rejectJoin'])
      .describe('What to do'),
    target_agent_id: z.string().optional().describe('Agent the operation applies to'),
    agent_type: z.string().optional().describe('Agent type of the team lead'),
    team_name: z.string().optional().describe('Team name'),
    description: z.string().optional().describe('Team description'),
    reason: z.string().optional().describe('Reason given with a join request or rejection'),
    request_id: z.string().optional().describe('Join request being answered'),
    assigned_name: z.string().optional().describe('Name given to an approved member'),
    proposed_name: z.string().optional().describe('Name a joining agent asks for'),
    capabilities: z.unknown().optional().describe('Capabilities a joining agent offers'),
    timeout_ms: z.number().optional().describe('How long to wait for an answer'),
  }),
  result: opaqueResultSchema,
  status: 'removed',
  history: ['≈2.1.17–2.1.30; split into TeamCreate, TeamDelete and SendMessage.'],
});

/** The `TeamCreate` tool. */
export const teamCreateTool = defineTool({
  kind: 'subagent',
  name: 'TeamCreate',
  description: 'Creates an agent team led by the current session.',
  input: z.looseObject({
    team_name: z.string().describe('Name of the team'),
    description: z.string().optional().describe('What the team is for'),
    agent_type: z.string().optional().describe('Agent type of the team lead'),
  }),
  result: z.looseObject({
    team_name: z.string().optional().describe('Name of the team created'),
    team_file_path: z.string().optional().describe('Team config file'),
    lead_agent_id: z.string().optional().describe('Id of the team lead'),
  }),
  lastVersion: '2.1.177',
  status: 'removed',
  history: ['Introduced between 2.1.31 and 2.1.41.', 'Removed in 2.1.178.'],
});

/** The `TeamDelete` tool. */
export const teamDeleteTool = defineTool({
  kind: 'subagent',
  name: 'TeamDelete',
  description: 'Disbands the current agent team.',
  input: emptyInputSchema,
  result: opaqueResultSchema,
  lastVersion: '2.1.177',
  status: 'removed',
  history: ['Introduced between 2.1.31 and 2.1.41.', 'Removed in 2.1.178.'],
});

const legacyMessageVariants = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('message').describe('Direct message'),
    recipient: z.string().describe('Name of the receiving agent'),
    content: z.string().describe('Message text'),
    summary: z.string().describe('Short preview of the message'),
  }),
  z.looseObject({
    type: z.literal('broadcast').describe('Message to every team member'),
    content: z.string().describe('Message text'),
    summary: z.string().describe('Short preview of the message'),
  }),
  z.looseObject({
    type: z.literal('shutdown_request').describe('Ask an agent to shut down'),
    recipient: z.string().describe('Name of the agent'),
    content: z.string().optional().describe('Reason'),
  }),
  z.looseObject({
    type: z.literal('shutdown_response').describe('Answer a shutdown request'),
    request_id: z.string().describe('Request answered'),
    approve: z.boolean().describe('Whether the agent agrees to shut down'),
    content: z.string().optional().describe('Reason'),
  }),
  z.looseObject({
    type: z.literal('plan_approval_response').describe('Answer a plan approval request'),
    request_id: z.string().describe('Request answered'),
    approve: z.boolean().describe('Whether the plan is approved'),
    recipient: z.string().describe('Agent whose plan it is'),
    content: z.string().optional().describe('Feedback'),
  }),
]);

const messageInputSchema = z.looseObject({
  to: z.string().describe('Recipient: agent name or id, "*" for everyone, or another session'),
  message: z
    .union([z.string(), z.looseObject({}).describe('Structured message, e.g. a shutdown request')])
    .describe('Message text or structured message'),
  summary: z.string().optional().describe('Short preview of the message'),
  notify_when_idle: z.boolean().optional().describe('Wake the sender when the recipient goes idle (2.1.236)'),
});

/** The `SendMessage` tool. */
export const sendMessageTool = defineTool({
  kind: 'subagent',
  name: 'SendMessage',
  description: 'Sends a message to a teammate, a running subagent or another session.',
  input: z.union([messageInputSchema, legacyMessageVariants]),
  result: z.looseObject({
    success: z.boolean().describe('The message was delivered'),
    message: z.string().describe('Delivery notice'),
    routing: z
      .looseObject({
        sender: z.string().describe('Sending agent'),
        target: z.string().describe('Receiving agent, e.g. "@alice"'),
        summary: z.string().optional().describe('Preview of the message'),
        content: z.string().optional().describe('Message text'),
      })
      .optional()
      .describe('How the message was routed'),
  }),
  history: [
    '≈2.1.17–2.1.63: input discriminated on type (message, broadcast, shutdown_request, shutdown_response, plan_approval_response).',
    'By 2.1.100: input to, message (string or structured), summary; 2.1.114 logs carry both forms at once.',
    '2.1.224: cross-session messages.',
    '2.1.236: input + notify_when_idle.',
    'Result {success, message, routing} observed in 2.1.114 logs (absent from the SDK types).',
  ],
});

/** The `ListAgents` tool. */
export const listAgentsTool = defineTool({
  kind: 'subagent',
  name: 'ListAgents',
  description: 'Lists agents and sessions that can receive messages.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  firstVersion: '2.1.224',
});

/** The `SubagentHandback` tool. */
export const subagentHandbackTool = defineTool({
  kind: 'subagent',
  name: 'SubagentHandback',
  description: 'Hands control and a report from a subagent back to its parent.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  history: ['Name from the 2.1.3xx built-in tool list; arguments not published.'],
});
