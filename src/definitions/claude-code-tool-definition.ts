import { claudeCodeTools, getClaudeCodeTool } from '../agents/claude-code/tools/registry.js';
import {
  findToolDefinition,
  type ToolDefinitionLookup,
  type ToolDefinitionOptions,
  type ToolRegistry,
} from './find-tool-definition.js';

export { isClaudeCodeTool } from '../agents/claude-code/tools/registry.js';

/** The Claude Code tool registry, for `findToolDefinition`. */
export const claudeCodeToolRegistry: ToolRegistry = {
  agent: 'Claude Code',
  tools: claudeCodeTools,
  resolve: getClaudeCodeTool,
};

/**
 * The definition of a Claude Code built-in tool (registry name or alias), as a proxy needs it: the spec,
 * its Anthropic tool definition, and with `version` the input as it was in that Claude Code version (a
 * tool that did not exist then is an error). Convert it further with `toOpenAITool`.
 */
export function getClaudeCodeToolDefinition(
  name: string,
  options: ToolDefinitionOptions = {},
): ToolDefinitionLookup {
  return findToolDefinition(claudeCodeToolRegistry, name, options);
}
