// Loads what the docs generator reads from a build of the package (`dist/` by default; the docs test passes
// a fresh build in a temporary folder). The generator never imports TypeScript sources: it documents the
// package as built.

import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The registries, schemas and functions the generator uses, from the build in `distDir`. */
export async function loadLibrary(distDir) {
  const load = (relative) => import(pathToFileURL(path.join(distDir, relative)).href);
  const [
    main,
    definitions,
    claudeTools,
    claudeRecords,
    codex,
    inventory,
    toolsCommand,
    describe,
    mcp,
    mcpParams,
    mcpServer,
  ] = await Promise.all([
    load('index.js'),
    load('definitions/index.js'),
    load('agents/claude-code/tools/index.js'),
    load('agents/claude-code/schemas/records/index.js'),
    load('agents/codex/schemas/index.js'),
    load('analytics/tool-inventory.js'),
    load('cli/commands/tools-command.js'),
    load('cli/describe-tool.js'),
    load('mcp/mcp-tools.js'),
    load('mcp/tool-parameters.js'),
    load('mcp/create-mcp-server.js'),
  ]);
  return {
    claudeCodeTools: main.claudeCodeTools,
    mcpToolSpec: claudeTools.mcpToolSpec,
    codexTools: codex.codexTools,
    claudeCodeRecordSchemas: claudeRecords.claudeCodeRecordSchemas,
    systemSubtypeRecordSchemas: claudeRecords.systemSubtypeRecordSchemas,
    systemRecordBaseSchema: claudeRecords.systemRecordBaseSchema,
    attachmentTypes: claudeRecords.attachmentTypes,
    progressDataTypes: claudeRecords.progressDataTypes,
    codexEnvelopePayloadSchemas: codex.codexEnvelopePayloadSchemas,
    codexResponseItemSchemas: codex.codexResponseItemSchemas,
    codexEventMsgSchemas: codex.codexEventMsgSchemas,
    liveOnlyEventMsgTypes: codex.liveOnlyEventMsgTypes,
    toolCallStatuses: main.toolCallStatuses,
    listSessions: main.listSessions,
    toolCalls: main.toolCalls,
    validateToolInput: main.validateToolInput,
    validateToolResult: main.validateToolResult,
    decodeClaudeCodeRecord: main.decodeClaudeCodeRecord,
    decodeCodexLine: codex.decodeCodexLine,
    codexToolCallInput: codex.codexToolCallInput,
    parseCodexToolOutput: codex.parseCodexToolOutput,
    computeToolInventory: inventory.computeToolInventory,
    renderToolsMarkdown: toolsCommand.renderToolsMarkdown,
    describeTool: describe.describeTool,
    toJsonSchema: definitions.toJsonSchema,
    zodToJsonSchema: definitions.zodToJsonSchema,
    toOpenAITool: definitions.toOpenAITool,
    toolVersionMatrix: definitions.toolVersionMatrix,
    toolLifespan: definitions.toolLifespan,
    formatLifespan: definitions.formatLifespan,
    inputFieldHistory: definitions.inputFieldHistory,
    mcpTools: mcp.mcpTools,
    mcpToolParameters: mcpParams.toolParameters,
    mcpToolInputSchema: mcpParams.toolInputSchema,
    mcpServerInstructions: mcpServer.serverInstructions,
    adapters: main.adapters,
    agentInfo: main.agentInfo,
  };
}
