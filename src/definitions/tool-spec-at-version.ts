import type { z } from 'zod';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import { compareVersions, type VersionTuple } from './agent-version.js';
import { type InputFieldChange, inputFieldHistory } from './input-field-history.js';
import { type ToolPresence, toolPresenceAt } from './tool-lifespan.js';

/** A tool as it was in one agent version. */
export interface ToolSpecAtVersion {
  /** The spec with its input narrowed to that version (the registry's own spec when nothing changed). */
  spec: ToolSpec;
  /** Whether the tool exists in that version. */
  presence: ToolPresence;
  /** Input fields left out: added after that version, or removed by it. */
  omitted: string[];
  /** Input fields optional in the registry but required in that version. */
  required: string[];
  /** Why the input could not be narrowed, when the history has field changes but the input is not an object. */
  note?: string;
}

function matchesField(pattern: string, field: string): boolean {
  return pattern.endsWith('*') ? field.startsWith(pattern.slice(0, -1)) : pattern === field;
}

function before(at: VersionTuple, change: InputFieldChange, end: 'lo' | 'hi'): boolean {
  return compareVersions(at, change.at[end]) < 0;
}

/**
 * A tool as it was in agent version `at`, from the registry's history notes (`inputFieldHistory`): input
 * fields added later are left out (a field whose addition falls in a bisected range that contains `at` is
 * kept), fields removed by then are left out, and fields the notes call required in that version are made
 * required. Only a tool whose input is an object can be narrowed; its description, result and history are
 * unchanged.
 */
export function toolSpecAtVersion(spec: ToolSpec, at: VersionTuple): ToolSpecAtVersion {
  const presence = toolPresenceAt(spec, at);
  const changes = inputFieldHistory(spec);
  const input = spec.input as z.core.$ZodType;
  if (changes.length === 0) return { spec, presence, omitted: [], required: [] };
  if (input._zod.def.type !== 'object')
    return {
      spec,
      presence,
      omitted: [],
      required: [],
      note: 'The input is not a single object: its fields are not narrowed by version.',
    };
  const object = spec.input as z.ZodObject;
  const omitted: string[] = [];
  const required: string[] = [];
  for (const [field, schema] of Object.entries(object.shape)) {
    const own = changes.filter((change) => matchesField(change.field, field));
    const added = own.filter((c) => c.change === 'added');
    const removed = own.filter((c) => c.change === 'removed');
    const present =
      (added.length === 0 || added.some((c) => !before(at, c, 'lo'))) &&
      !removed.some((c) => !before(at, c, 'hi'));
    if (!present) {
      omitted.push(field);
      continue;
    }
    const requiredFrom = own.filter((c) => c.change === 'required' && !before(at, c, 'hi'));
    const optionalFrom = own.filter((c) => c.change === 'optional' && !before(at, c, 'lo'));
    if (requiredFrom.length > 0 && optionalFrom.length === 0 && schema._zod.def.type === 'optional')
      required.push(field);
  }
  if (omitted.length === 0 && required.length === 0) return { spec, presence, omitted, required };
  const mask = Object.fromEntries(omitted.map((field) => [field, true as const]));
  let narrowed: z.ZodObject = object.omit(mask as Parameters<typeof object.omit>[0]);
  if (required.length > 0) {
    const shape: Record<string, z.ZodType> = {};
    for (const field of required) {
      const optional = object.shape[field] as z.ZodOptional<z.ZodType>;
      const inner = optional.unwrap();
      const description = optional.description ?? inner.description;
      shape[field] = description === undefined ? inner : inner.describe(description);
    }
    narrowed = narrowed.extend(shape);
  }
  return { spec: { ...spec, input: narrowed }, presence, omitted, required };
}
