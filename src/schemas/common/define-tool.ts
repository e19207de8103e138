import type { z } from 'zod';
import type { ToolKind } from './tool-kind.js';

/** Where a tool stands today. `removed` tools still decode: old transcripts use them. */
export type ToolStatus = 'current' | 'deprecated' | 'removed' | 'internal';

/**
 * One tool of an agent's registry: the schemas of its input and of its structured result, and
 * what is known of its history. Registry keys are the names as they appear in logs (`Task`, `Agent`,
 * `KillShell`...); renamed tools point at their latest name through `canonical`.
 */
export interface ToolSpec<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** The name as written in `tool_use.name` (or Codex `function_call.name`). */
  readonly name: string;
  /** The newest name in this tool's lineage (equal to `name` for tools never renamed). */
  readonly canonical: string;
  /** Other names that mean this tool: older names, SDK type names, accepted aliases. */
  readonly aliases: readonly string[];
  /** One line: what the tool does, for inventories and docs. */
  readonly description: string;
  /** The canonical kind (shell, read, edit...) that compares this tool with other agents' tools; unset: not yet classified. */
  readonly kind?: ToolKind;
  readonly input: I;
  /** Schema of the structured result (`toolUseResult` for Claude Code). Strings for errors are allowed by the registry. */
  readonly result: R;
  /** First agent version the tool is known in (spec section 3), where known. */
  readonly firstVersion?: string;
  /** Last agent version the tool is known in, for removed or renamed tools. */
  readonly lastVersion?: string;
  readonly status: ToolStatus;
  /** Free-form notes on version changes of input or result, one per line. */
  readonly history?: readonly string[];
}

export interface ToolSpecInit<I extends z.ZodType, R extends z.ZodType> {
  name: string;
  canonical?: string;
  aliases?: readonly string[];
  description: string;
  kind?: ToolKind;
  input: I;
  result: R;
  firstVersion?: string;
  lastVersion?: string;
  status?: ToolStatus;
  history?: readonly string[];
}

/** Identity helper that keeps the literal schema types for inference. */
export function defineTool<I extends z.ZodType, R extends z.ZodType>(
  init: ToolSpecInit<I, R>,
): ToolSpec<I, R> {
  const spec: ToolSpec<I, R> = {
    name: init.name,
    canonical: init.canonical ?? init.name,
    aliases: init.aliases ?? [],
    description: init.description,
    input: init.input,
    result: init.result,
    status: init.status ?? 'current',
    ...(init.kind === undefined ? {} : { kind: init.kind }),
    ...(init.firstVersion === undefined ? {} : { firstVersion: init.firstVersion }),
    ...(init.lastVersion === undefined ? {} : { lastVersion: init.lastVersion }),
    ...(init.history === undefined ? {} : { history: init.history }),
  };
  return spec;
}
