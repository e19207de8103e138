import type { ToolSpec } from '../schemas/common/define-tool.js';
import { parseVersion } from './agent-version.js';
import { closestNames } from './closest-names.js';
import { type AnthropicToolDefinition, toAnthropicTool } from './to-anthropic-tool.js';
import { formatLifespan, type ToolPresence } from './tool-lifespan.js';
import { toolSpecAtVersion } from './tool-spec-at-version.js';

/** Options of `findToolDefinition` and `getClaudeCodeToolDefinition`. */
export interface ToolDefinitionOptions {
  /** An agent version (`1.0.30`): the tool must exist in it, and its input is narrowed to it. */
  version?: string;
}

/** A tool definition found, or why not. */
export type ToolDefinitionLookup =
  | {
      ok: true;
      /** The spec, narrowed to `version` when one was given. */
      spec: ToolSpec;
      /** The Anthropic tool definition of that spec. */
      definition: AnthropicToolDefinition;
      /** Whether the tool exists in `version` (`yes` without a version). */
      presence: ToolPresence;
      /** Input fields left out for `version`. */
      omitted: string[];
      /** Input fields required in `version` though optional in the registry. */
      required: string[];
    }
  | {
      ok: false;
      /** One sentence: what is wrong. */
      error: string;
      /** Registry names close to the one asked for (unknown names only). */
      suggestions: string[];
    };

/** Where to look a tool up. */
export interface ToolRegistry {
  /** The agent's name for messages: `Claude Code`, `Codex`. */
  agent: string;
  /** Every tool by registry name. */
  tools: Readonly<Record<string, ToolSpec>>;
  /** Resolves a name or alias (default: registry names only). */
  resolve?: (name: string) => ToolSpec | undefined;
}

/**
 * The definition of tool `name` in `registry`, optionally as it was in agent version `options.version`:
 * unknown names, malformed versions and tools that do not exist in that version give `ok: false` (a tool
 * whose presence is `unknown`, inside a bisected range, is returned).
 */
export function findToolDefinition(
  registry: ToolRegistry,
  name: string,
  options: ToolDefinitionOptions = {},
): ToolDefinitionLookup {
  const spec =
    registry.resolve?.(name) ?? (Object.hasOwn(registry.tools, name) ? registry.tools[name] : undefined);
  if (spec === undefined) {
    const suggestions = closestNames(name, Object.keys(registry.tools));
    const hint =
      suggestions.length === 0 ? '' : ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?`;
    return { ok: false, error: `Unknown ${registry.agent} tool "${name}".${hint}`, suggestions };
  }
  if (options.version === undefined) {
    return { ok: true, spec, definition: toAnthropicTool(spec), presence: 'yes', omitted: [], required: [] };
  }
  const version = parseVersion(options.version);
  if (version === undefined)
    return { ok: false, error: `Version "${options.version}" is not of the form "1.2.3".`, suggestions: [] };
  const atVersion = toolSpecAtVersion(spec, version);
  if (atVersion.presence === 'no')
    return {
      ok: false,
      error: `Tool "${spec.name}" does not exist in ${registry.agent} ${options.version} (known in ${formatLifespan(spec)}).`,
      suggestions: [],
    };
  return {
    ok: true,
    spec: atVersion.spec,
    definition: toAnthropicTool(atVersion.spec),
    presence: atVersion.presence,
    omitted: atVersion.omitted,
    required: atVersion.required,
  };
}
