import { resultWithoutCallName } from '../model/tool-call.js';
import { lookupClaudeCodeTool } from '../schemas/claude-code/tools/index.js';
import { lookupCodexTool } from '../schemas/codex/tools/index.js';
import { isAgent } from '../schemas/common/agent.js';

/** What a tool does, from the agent's registry; MCP tools are described by their server. */
export function describeTool(agent: string, name: string): string | undefined {
  if (name === resultWithoutCallName) return 'Results whose call is not in the log (tool not known)';
  if (!isAgent(agent)) return undefined;
  switch (agent) {
    case 'claude-code': {
      const lookup = lookupClaudeCodeTool(name);
      if (lookup.kind === 'builtin') return lookup.spec.description;
      if (lookup.kind === 'mcp') return `MCP tool "${lookup.tool}" of server "${lookup.server}"`;
      return undefined;
    }
    case 'codex': {
      const lookup = lookupCodexTool(name);
      if (lookup.kind === 'builtin') return lookup.spec.description;
      if (lookup.kind === 'mcp') return `MCP tool "${lookup.tool}" of server "${lookup.server}"`;
      return undefined;
    }
    default:
      return agent satisfies never;
  }
}
