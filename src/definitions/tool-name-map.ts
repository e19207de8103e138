import type { z } from 'zod';
import type { JsonSchema } from './json-schema.js';
import { hashSuffixedToolName, sanitizeToolName } from './sanitize-tool-name.js';

/** What the map keeps for one tool: both names, and what `fromOpenAIToolCall` needs to undo a conversion. */
export interface ToolNameEntry {
  /** The tool's own name (Anthropic / Claude Code). */
  readonly name: string;
  /** The name sent to OpenAI. */
  readonly openaiName: string;
  /** The tool's input schema before any OpenAI conversion: decides which `null`s to remove. */
  readonly inputSchema?: JsonSchema;
  /** Validates the arguments once mapped back (the registry's zod input schema, for registry tools). */
  readonly validator?: z.ZodType;
  /** Whether the definition was sent with `strict: true`. */
  readonly strict?: boolean;
}

/** What a tool contributes when it is added to a `ToolNameMap`. */
export type ToolNameDetails = Omit<ToolNameEntry, 'name' | 'openaiName'>;

/**
 * The reversible map between tool names and OpenAI function names (spec 5.3): sanitized and shortened
 * deterministically, collisions re-suffixed with a hash of the original name. The same map must be used
 * for the `tools` sent, `tool_choice`, the replayed history and the calls that come back.
 */
export class ToolNameMap {
  readonly #byName = new Map<string, ToolNameEntry>();
  readonly #byOpenAIName = new Map<string, ToolNameEntry>();

  /**
   * Adds a tool (or updates its details) and returns its OpenAI name. Adding the same name again returns
   * the same OpenAI name; a name whose sanitized form is taken by another tool is re-suffixed.
   */
  add(name: string, details: ToolNameDetails = {}): string {
    const known = this.#byName.get(name);
    const openaiName = known?.openaiName ?? this.#freeName(name);
    const entry: ToolNameEntry = { ...known, ...details, name, openaiName };
    this.#byName.set(name, entry);
    this.#byOpenAIName.set(openaiName, entry);
    return openaiName;
  }

  /** The OpenAI name of a tool added earlier. */
  openaiName(name: string): string | undefined {
    return this.#byName.get(name)?.openaiName;
  }

  /** The tool name behind an OpenAI function name. */
  originalName(openaiName: string): string | undefined {
    return this.#byOpenAIName.get(openaiName)?.name;
  }

  /** The entry of an OpenAI function name. */
  entry(openaiName: string): ToolNameEntry | undefined {
    return this.#byOpenAIName.get(openaiName);
  }

  /** Every entry, in the order the tools were added. */
  entries(): ToolNameEntry[] {
    return [...this.#byName.values()];
  }

  get size(): number {
    return this.#byName.size;
  }

  /** `{openaiName: name}` for every tool (for logs and for rebuilding the map elsewhere). */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.entries().map((entry) => [entry.openaiName, entry.name]));
  }

  #freeName(name: string): string {
    const sanitized = sanitizeToolName(name);
    if (!this.#byOpenAIName.has(sanitized)) return sanitized;
    const suffixed = hashSuffixedToolName(sanitized, name);
    if (!this.#byOpenAIName.has(suffixed)) return suffixed;
    // Two names with the same 55-character prefix and the same 8-digit hash: extend the hash input.
    for (let attempt = 1; ; attempt += 1) {
      const candidate = hashSuffixedToolName(sanitized, `${name}#${attempt}`);
      if (!this.#byOpenAIName.has(candidate)) return candidate;
    }
  }
}
