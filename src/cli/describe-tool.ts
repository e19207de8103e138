import { adapterFor } from '../agents/registry.js';
import { resultWithoutCallName } from '../model/tool-call.js';
import { isAgent } from '../schemas/common/agent.js';

/** What a tool does, from the agent's registry; MCP tools are described by their server. */
export function describeTool(agent: string, name: string): string | undefined {
  if (name === resultWithoutCallName) return 'Results whose call is not in the log (tool not known)';
  if (!isAgent(agent)) return undefined;
  const lookup = adapterFor(agent)?.tools.lookup(name);
  if (lookup?.kind === 'builtin') return lookup.spec.description;
  if (lookup?.kind === 'mcp') return `MCP tool "${lookup.tool}" of server "${lookup.server}"`;
  return undefined;
}

/** The canonical kind of an agent's tool (`tools --by kind`), from its registry; MCP tools are `mcp`. */
export function toolKindOfAgent(agent: string, name: string): string | undefined {
  if (!isAgent(agent)) return undefined;
  const lookup = adapterFor(agent)?.tools.lookup(name);
  if (lookup?.kind === 'builtin') return lookup.spec.kind;
  if (lookup?.kind === 'mcp') return 'mcp';
  return undefined;
}
