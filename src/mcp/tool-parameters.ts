import { z } from 'zod';
import type { McpTool } from './mcp-tool.js';

/** One parameter of an MCP tool, as its JSON Schema (the one clients see) describes it. */
export interface ToolParameter {
  name: string;
  /** `string`, `integer`, `a|b|c` for a choice, `list of ...` for an array. */
  type: string;
  required: boolean;
  default?: unknown;
  description: string;
}

interface JsonField {
  description?: string;
  default?: unknown;
  enum?: unknown[];
  type?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonField;
}

/** A tool's input JSON Schema, as clients get it (the input side of its zod schema). */
export function toolInputSchema(tool: McpTool): Record<string, unknown> {
  return z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
}

/** The parameters of `tool`, in schema order, for its help and its docs page. */
export function toolParameters(tool: McpTool): ToolParameter[] {
  const schema = toolInputSchema(tool) as { properties?: Record<string, JsonField>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    type: field.items ? `list of ${kindOf(field.items)}` : kindOf(field),
    required: schema.required?.includes(name) ?? false,
    ...(field.default === undefined ? {} : { default: field.default }),
    description: field.description ?? '',
  }));
}

function kindOf(field: JsonField): string {
  if (field.enum) {
    // A long list (the agents) is spaced so that the help can wrap it.
    const joined = field.enum.join('|');
    return joined.length > 40 ? field.enum.join(' | ') : joined;
  }
  const range =
    field.minimum !== undefined && field.maximum !== undefined && field.maximum < Number.MAX_SAFE_INTEGER
      ? ` ${field.minimum}-${field.maximum}`
      : '';
  return `${field.type ?? 'value'}${range}`;
}
