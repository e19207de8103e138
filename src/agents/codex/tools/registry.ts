import type { z } from 'zod';
import type { ToolSpec } from '../../../schemas/common/define-tool.js';
import {
  closeAgentTool,
  followupTaskTool,
  interruptAgentTool,
  listAgentsTool,
  resumeAgentTool,
  sendInputTool,
  sendMessageTool,
  spawnAgentTool,
  waitAgentTool,
  waitTool,
} from './collab-tools.js';
import { applyPatchTool, grepFilesTool, listDirTool, readFileTool, viewImageTool } from './file-tools.js';
import {
  listMcpResourcesTool,
  listMcpResourceTemplatesTool,
  readMcpResourceTool,
} from './mcp-resource-tools.js';
import { requestUserInputTool, updatePlanTool } from './plan-tools.js';
import {
  containerExecTool,
  execCommandTool,
  localShellTool,
  shellCommandTool,
  shellTool,
  writeStdinTool,
} from './shell-tools.js';
import { webSearchTool } from './web-tools.js';

/**
 * Codex built-in tools, keyed by the name calls carry (`function_call.name` / `custom_tool_call.name`;
 * `local_shell` for `local_shell_call`, `web_search` for `web_search_call`).
 */
export const codexTools = {
  shell: shellTool,
  'container.exec': containerExecTool,
  shell_command: shellCommandTool,
  local_shell: localShellTool,
  exec_command: execCommandTool,
  write_stdin: writeStdinTool,
  apply_patch: applyPatchTool,
  update_plan: updatePlanTool,
  request_user_input: requestUserInputTool,
  view_image: viewImageTool,
  web_search: webSearchTool,
  read_file: readFileTool,
  list_dir: listDirTool,
  grep_files: grepFilesTool,
  list_mcp_resources: listMcpResourcesTool,
  list_mcp_resource_templates: listMcpResourceTemplatesTool,
  read_mcp_resource: readMcpResourceTool,
  spawn_agent: spawnAgentTool,
  send_input: sendInputTool,
  wait: waitTool,
  wait_agent: waitAgentTool,
  close_agent: closeAgentTool,
  resume_agent: resumeAgentTool,
  send_message: sendMessageTool,
  followup_task: followupTaskTool,
  interrupt_agent: interruptAgentTool,
  list_agents: listAgentsTool,
} as const satisfies Record<string, ToolSpec>;

/** The name of a Codex built-in tool. */
export type CodexToolName = keyof typeof codexTools;
/** The parsed arguments of built-in tool `N`. */
export type CodexToolInput<N extends CodexToolName> = z.output<(typeof codexTools)[N]['input']>;
/** The structured result of built-in tool `N` (see `ToolSpec.result`). */
export type CodexToolResult<N extends CodexToolName> = z.output<(typeof codexTools)[N]['result']>;
/** Any built-in tool spec. */
export type CodexToolSpec = (typeof codexTools)[CodexToolName];

/** Every built-in tool name. */
export const codexToolNames = Object.keys(codexTools) as CodexToolName[];

/** Whether `name` is a built-in tool name. */
export function isCodexToolName(name: string): name is CodexToolName {
  return Object.hasOwn(codexTools, name);
}

/** The spec of built-in tool `name`, or `undefined`. */
export function getCodexTool<N extends CodexToolName>(name: N): (typeof codexTools)[N];
export function getCodexTool(name: string): CodexToolSpec | undefined;
export function getCodexTool(name: string): CodexToolSpec | undefined {
  return isCodexToolName(name) ? codexTools[name] : undefined;
}
