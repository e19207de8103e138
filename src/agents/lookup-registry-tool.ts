import type { ToolSpec } from '../schemas/common/define-tool.js';

/** What a tool name of a call refers to: a tool of the agent's registry, an MCP tool, or neither. */
export type RegistryToolLookup<N extends string = string> =
  | { kind: 'builtin'; name: N; canonical: string; spec: ToolSpec }
  | { kind: 'mcp'; name: string; canonical: string; server: string; tool: string }
  | { kind: 'unknown'; name: string; canonical: string };

/**
 * Resolves a call's tool name in `registry`: a built-in, an MCP tool named `mcp__<server>__<tool>` (the form
 * Claude Code set and other agents followed), or unknown (canonical: the name as called).
 */
export function lookupRegistryTool<N extends string>(
  registry: Readonly<Record<N, ToolSpec>>,
  name: string,
): RegistryToolLookup<N> {
  if (Object.hasOwn(registry, name)) {
    const spec = registry[name as N];
    return { kind: 'builtin', name: name as N, canonical: spec.canonical, spec };
  }
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  if (mcp?.[1] && mcp[2]) return { kind: 'mcp', name, canonical: name, server: mcp[1], tool: mcp[2] };
  return { kind: 'unknown', name, canonical: name };
}
