import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';
import { copilotToolOutputSchema } from './tool-output.js';

export const webFetchTool = defineTool({
  name: 'web_fetch',
  kind: 'web',
  description: 'Fetches a URL and returns its text (Markdown, or raw).',
  input: z.looseObject({
    url: z.string(),
    max_length: z.number().optional(),
    start_index: z.number().optional(),
    raw: z.boolean().optional(),
  }),
  result: copilotToolOutputSchema,
});

export const fetchDocumentationTool = defineTool({
  name: 'fetch_copilot_cli_documentation',
  kind: 'read',
  description: "Returns Copilot CLI's own documentation.",
  input: z.looseObject({}),
  result: copilotToolOutputSchema,
});

/** Arguments of `sql` and `session_store_sql`: a query and what it is for. */
const sqlInputSchema = z.looseObject({
  description: z.string().optional(),
  query: z.string(),
  source: z.string().optional().describe('"local"...'),
});

export const sqlTool = defineTool({
  name: 'sql',
  kind: 'other',
  description: "Runs SQL on the session's own database (todos...).",
  input: sqlInputSchema,
  result: copilotToolOutputSchema,
});

export const sessionStoreSqlTool = defineTool({
  name: 'session_store_sql',
  kind: 'other',
  description: 'Runs SQL on the cross-session store (session-store.db).',
  input: sqlInputSchema,
  result: copilotToolOutputSchema,
});

export const skillTool = defineTool({
  name: 'skill',
  kind: 'other',
  description: 'Loads a skill into the conversation.',
  input: z.looseObject({ skill: z.string().optional() }),
  result: copilotToolOutputSchema,
});

export const dynamicWorkflowsManageTool = defineTool({
  name: 'dynamic_workflows_manage',
  kind: 'other',
  description: 'Lists or manages registered dynamic workflows.',
  input: z.looseObject({ operation: z.string() }),
  result: copilotToolOutputSchema,
});

export const runDynamicWorkflowTool = defineTool({
  name: 'run_dynamic_workflow',
  kind: 'subagent',
  description: 'Runs a multi-agent dynamic workflow.',
  input: z.looseObject({}),
  result: copilotToolOutputSchema,
});
