import { z } from 'zod';
import { defineTool, type ToolSpec } from '../../../schemas/common/define-tool.js';
import {
  askUserTool,
  exitPlanModeTool,
  listAgentsTool,
  readAgentTool,
  taskCompleteTool,
  taskTool,
  updateTodoTool,
  writeAgentTool,
} from './agent-tools.js';
import {
  applyPatchTool,
  createTool,
  editTool,
  globTool,
  grepTool,
  rgTool,
  strReplaceEditorTool,
  viewTool,
} from './file-tools.js';
import {
  dynamicWorkflowsManageTool,
  fetchDocumentationTool,
  runDynamicWorkflowTool,
  sessionStoreSqlTool,
  skillTool,
  sqlTool,
  webFetchTool,
} from './other-tools.js';
import {
  bashTool,
  listBashTool,
  powershellTool,
  readBashTool,
  readPowershellTool,
  shellTool,
  stopBashTool,
  stopPowershellTool,
  writeBashTool,
} from './shell-tools.js';
import { copilotToolOutputSchema } from './tool-output.js';

/**
 * Copilot CLI built-in tools, keyed by the name tool requests carry (`toolRequests[].name`,
 * `tool.execution_start.toolName`, the legacy `tool_calls[].function.name`). The names are those of the
 * corpus's sessions and of the 1.0.95-2 inventory published with the genuine capture.
 */
export const copilotTools = {
  bash: bashTool,
  read_bash: readBashTool,
  write_bash: writeBashTool,
  stop_bash: stopBashTool,
  list_bash: listBashTool,
  powershell: powershellTool,
  read_powershell: readPowershellTool,
  stop_powershell: stopPowershellTool,
  shell: shellTool,
  view: viewTool,
  create: createTool,
  edit: editTool,
  str_replace_editor: strReplaceEditorTool,
  apply_patch: applyPatchTool,
  grep: grepTool,
  rg: rgTool,
  glob: globTool,
  web_fetch: webFetchTool,
  fetch_copilot_cli_documentation: fetchDocumentationTool,
  task: taskTool,
  read_agent: readAgentTool,
  write_agent: writeAgentTool,
  list_agents: listAgentsTool,
  run_dynamic_workflow: runDynamicWorkflowTool,
  update_todo: updateTodoTool,
  exit_plan_mode: exitPlanModeTool,
  task_complete: taskCompleteTool,
  ask_user: askUserTool,
  sql: sqlTool,
  session_store_sql: sessionStoreSqlTool,
  skill: skillTool,
  dynamic_workflows_manage: dynamicWorkflowsManageTool,
} as const satisfies Record<string, ToolSpec>;

export type CopilotToolName = keyof typeof copilotTools;
/** The parsed arguments of built-in tool `N`. */
export type CopilotToolInput<N extends CopilotToolName> = z.output<(typeof copilotTools)[N]['input']>;

export const copilotToolNames = Object.keys(copilotTools) as CopilotToolName[];

export function isCopilotToolName(name: string): name is CopilotToolName {
  return Object.hasOwn(copilotTools, name);
}

/**
 * The spec every MCP tool resolves to. Copilot names an MCP tool `<server>-<tool>` in calls
 * (`github-mcp-server-search_code`) and `<server>/<tool>` in a subagent's tool list.
 */
export const copilotMcpToolSpec = defineTool({
  name: 'mcp',
  kind: 'mcp',
  description:
    'A tool of an MCP server (`<server>-<tool>`, e.g. the built-in `github-mcp-server-get_file_contents`).',
  input: z.record(z.string(), z.unknown()),
  result: copilotToolOutputSchema,
});
