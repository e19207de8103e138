import type { z } from 'zod';
import type { ToolSpec } from '../../../schemas/common/define-tool.js';
import { agentTool, taskTool } from './agent-tools.js';
import {
  agentOutputTool,
  bashOutputTool,
  killBashTool,
  killShellTool,
  taskOutputTool,
  taskStopTool,
} from './background-task-tools.js';
import {
  editTool,
  multiEditTool,
  notebookEditTool,
  notebookReadTool,
  readTool,
  writeTool,
} from './file-tools.js';
import {
  subscribeMcpResourceTool,
  subscribePollingTool,
  timeMachineTool,
  unsubscribeMcpResourceTool,
  unsubscribePollingTool,
} from './internal-tools.js';
import { parseMcpToolName } from './mcp-tool-name.js';
import {
  listMcpResourcesTool,
  mcpSearchTool,
  mcpToolSpec,
  readMcpResourceDirTool,
  readMcpResourceTool,
  refreshMcpToolsTool,
  toolSearchTool,
  waitForMcpServersTool,
} from './mcp-tools.js';
import {
  askUserQuestionTool,
  enterPlanModeTool,
  exitPlanModeSnakeTool,
  exitPlanModeTool,
} from './plan-tools.js';
import {
  artifactTool,
  claudeDesignTool,
  offerChromeSetupTool,
  projectsTool,
  readNotificationsTool,
  reportFindingsTool,
  sendFeedbackTool,
  shareOnboardingGuideTool,
  showOnboardingRolePickerTool,
} from './product-tools.js';
import {
  cronCreateTool,
  cronDeleteTool,
  cronListTool,
  pushNotificationTool,
  remoteTriggerTool,
  scheduleWakeupTool,
} from './schedule-tools.js';
import { globTool, grepTool, lsTool } from './search-tools.js';
import {
  briefTool,
  configTool,
  endConversationTool,
  enterWorktreeTool,
  exitWorktreeTool,
  lspTool,
  sendUserFileTool,
  sendUserMessageTool,
  setGoalTool,
} from './session-tools.js';
import { bashTool, monitorTool, powerShellTool, replTool } from './shell-tools.js';
import {
  proposeSkillsTool,
  skillTool,
  slashCommandTool,
  structuredOutputTool,
  workflowTool,
} from './skill-tools.js';
import {
  taskCreateTool,
  taskGetTool,
  taskListTool,
  taskUpdateTool,
  todoReadTool,
  todoWriteTool,
} from './task-tools.js';
import {
  listAgentsTool,
  sendMessageTool,
  subagentHandbackTool,
  teamCreateTool,
  teamDeleteTool,
  teammateTool,
} from './team-tools.js';
import { webFetchTool, webSearchTool } from './web-tools.js';

/**
 * Every Claude Code built-in tool, current and historical, keyed by the name written in
 * `tool_use.name`. Renamed tools keep their own entry (sharing schemas) and point at the newest
 * name through `canonical`.
 */
export const claudeCodeTools = {
  Read: readTool,
  Write: writeTool,
  Edit: editTool,
  MultiEdit: multiEditTool,
  NotebookEdit: notebookEditTool,
  NotebookRead: notebookReadTool,
  LS: lsTool,
  Glob: globTool,
  Grep: grepTool,
  Bash: bashTool,
  PowerShell: powerShellTool,
  Monitor: monitorTool,
  REPL: replTool,
  BashOutput: bashOutputTool,
  AgentOutputTool: agentOutputTool,
  TaskOutput: taskOutputTool,
  KillBash: killBashTool,
  KillShell: killShellTool,
  TaskStop: taskStopTool,
  Task: taskTool,
  Agent: agentTool,
  TodoWrite: todoWriteTool,
  TodoRead: todoReadTool,
  TaskCreate: taskCreateTool,
  TaskGet: taskGetTool,
  TaskUpdate: taskUpdateTool,
  TaskList: taskListTool,
  EnterPlanMode: enterPlanModeTool,
  ExitPlanMode: exitPlanModeTool,
  exit_plan_mode: exitPlanModeSnakeTool,
  AskUserQuestion: askUserQuestionTool,
  Teammate: teammateTool,
  TeamCreate: teamCreateTool,
  TeamDelete: teamDeleteTool,
  SendMessage: sendMessageTool,
  ListAgents: listAgentsTool,
  SubagentHandback: subagentHandbackTool,
  SendUserMessage: sendUserMessageTool,
  Brief: briefTool,
  SendUserFile: sendUserFileTool,
  Workflow: workflowTool,
  StructuredOutput: structuredOutputTool,
  WebFetch: webFetchTool,
  WebSearch: webSearchTool,
  SlashCommand: slashCommandTool,
  Skill: skillTool,
  propose_skills: proposeSkillsTool,
  LSP: lspTool,
  MCPSearch: mcpSearchTool,
  ToolSearch: toolSearchTool,
  ListMcpResourcesTool: listMcpResourcesTool,
  ReadMcpResourceTool: readMcpResourceTool,
  ReadMcpResourceDirTool: readMcpResourceDirTool,
  RefreshMcpTools: refreshMcpToolsTool,
  WaitForMcpServers: waitForMcpServersTool,
  Config: configTool,
  EnterWorktree: enterWorktreeTool,
  ExitWorktree: exitWorktreeTool,
  EndConversation: endConversationTool,
  SetGoal: setGoalTool,
  CronCreate: cronCreateTool,
  CronDelete: cronDeleteTool,
  CronList: cronListTool,
  ScheduleWakeup: scheduleWakeupTool,
  PushNotification: pushNotificationTool,
  RemoteTrigger: remoteTriggerTool,
  ReportFindings: reportFindingsTool,
  SendFeedback: sendFeedbackTool,
  ReadNotifications: readNotificationsTool,
  OfferChromeSetup: offerChromeSetupTool,
  ShowOnboardingRolePicker: showOnboardingRolePickerTool,
  ShareOnboardingGuide: shareOnboardingGuideTool,
  ClaudeDesign: claudeDesignTool,
  Projects: projectsTool,
  Artifact: artifactTool,
  TimeMachine: timeMachineTool,
  SubscribeMcpResource: subscribeMcpResourceTool,
  UnsubscribeMcpResource: unsubscribeMcpResourceTool,
  SubscribePolling: subscribePollingTool,
  UnsubscribePolling: unsubscribePollingTool,
} as const satisfies Record<string, ToolSpec>;

/** A name of the Claude Code tool registry. */
export type ClaudeCodeToolName = keyof typeof claudeCodeTools;
/** The parsed input of a Claude Code tool. */
export type ToolInput<N extends ClaudeCodeToolName> = z.infer<(typeof claudeCodeTools)[N]['input']>;
/** The structured result (`toolUseResult`) of a Claude Code tool. */
export type ToolResult<N extends ClaudeCodeToolName> = z.infer<(typeof claudeCodeTools)[N]['result']>;

const registry: Readonly<Record<string, ToolSpec>> = claudeCodeTools;

/** Alias -> spec, for aliases that are not registry names themselves (first claim wins). */
const aliasIndex: ReadonlyMap<string, ToolSpec> = (() => {
  const index = new Map<string, ToolSpec>();
  for (const spec of Object.values(registry)) {
    for (const alias of spec.aliases) {
      if (!Object.hasOwn(registry, alias) && !index.has(alias)) index.set(alias, spec);
    }
  }
  return index;
})();

/** The built-in tool with this exact registry name, or else with this alias. */
export function getClaudeCodeTool(name: string): ToolSpec | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : aliasIndex.get(name);
}

/** Whether the name is a Claude Code built-in tool (registry name or alias). MCP tools are not. */
export function isClaudeCodeTool(name: string): boolean {
  return getClaudeCodeTool(name) !== undefined;
}

/** The newest name of the tool's lineage (`Task` -> `Agent`); unknown names come back unchanged. */
export function canonicalClaudeCodeToolName(name: string): string {
  return getClaudeCodeTool(name)?.canonical ?? name;
}

/** What a `tool_use.name` refers to. */
export type ToolLookup =
  | { kind: 'builtin'; spec: ToolSpec }
  | { kind: 'mcp'; spec: ToolSpec; server: string; tool: string }
  | { kind: 'unknown'; name: string };

/** Resolves a tool name: a built-in tool, an MCP tool (`mcp__server__tool`), or unknown. */
export function lookupClaudeCodeTool(name: string): ToolLookup {
  const spec = getClaudeCodeTool(name);
  if (spec !== undefined) return { kind: 'builtin', spec };
  const mcp = parseMcpToolName(name);
  if (mcp !== undefined) return { kind: 'mcp', spec: mcpToolSpec, server: mcp.server, tool: mcp.tool };
  return { kind: 'unknown', name };
}
