import { defineTool } from '../../../schemas/common/define-tool.js';
import { opaqueInputSchema, opaqueResultSchema } from './shared-shapes.js';

const sdkTypesOnly = 'Named in the SDK tool types only; never confirmed in transcripts.';

/** The `TimeMachine` tool. */
export const timeMachineTool = defineTool({
  kind: 'other',
  name: 'TimeMachine',
  description: 'Experimental: rewinds the conversation to an earlier point.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  status: 'internal',
  history: [sdkTypesOnly, 'In the SDK 0.1.30–0.1.50 types (Claude Code 2.0.30–2.0.50).'],
});

/** The `SubscribeMcpResource` tool. */
export const subscribeMcpResourceTool = defineTool({
  kind: 'mcp',
  name: 'SubscribeMcpResource',
  description: 'Experimental: subscribes to change notifications of an MCP resource.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  status: 'internal',
  history: [sdkTypesOnly, 'In the SDK 0.2.63 types only.'],
});

/** The `UnsubscribeMcpResource` tool. */
export const unsubscribeMcpResourceTool = defineTool({
  kind: 'mcp',
  name: 'UnsubscribeMcpResource',
  description: 'Experimental: ends a subscription to an MCP resource.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  status: 'internal',
  history: [sdkTypesOnly, 'In the SDK 0.2.63 types only.'],
});

/** The `SubscribePolling` tool. */
export const subscribePollingTool = defineTool({
  kind: 'other',
  name: 'SubscribePolling',
  description: 'Experimental: polls a source periodically and reports changes.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  status: 'internal',
  history: [sdkTypesOnly, 'In the SDK 0.2.63 types only.'],
});

/** The `UnsubscribePolling` tool. */
export const unsubscribePollingTool = defineTool({
  kind: 'other',
  name: 'UnsubscribePolling',
  description: 'Experimental: stops a polling subscription.',
  input: opaqueInputSchema,
  result: opaqueResultSchema,
  status: 'internal',
  history: [sdkTypesOnly, 'In the SDK 0.2.63 types only.'],
});
