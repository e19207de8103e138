import { z } from 'zod';
import type { ToolSpec } from '../schemas/common/define-tool.js';
import { legacyKeyword } from '../schemas/common/legacy-field.js';
import { compareVersions, type VersionTuple } from './agent-version.js';
import {
  type InputFieldChange,
  type InputValueChange,
  inputFieldHistory,
  inputValueHistory,
} from './input-field-history.js';
import { type ToolPresence, toolPresenceAt } from './tool-lifespan.js';

/** A tool as it was in one agent version. */
export interface ToolSpecAtVersion {
  /** The spec with its input narrowed to that version (the registry's own spec when nothing changed). */
  spec: ToolSpec;
  /** Whether the tool exists in that version. */
  presence: ToolPresence;
  /** Input fields left out: added after that version, removed by it, or legacy fields no note places in it. */
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

/** Marked by `legacyField` (legacy or internal fields, legacy input shapes). */
function isLegacy(schema: z.core.$ZodType): boolean {
  return (schema as z.ZodType).meta()?.[legacyKeyword] === true;
}

/**
 * A tool as it was in agent version `at`, from the registry's history notes (`inputFieldHistory`,
 * `inputValueHistory`): input fields added later are left out (a field whose addition falls in a bisected
 * range that contains `at` is kept), fields removed by then are left out, fields the notes call required
 * in that version are made required, and enum values added later or dropped by then are left out. Fields
 * and input shapes marked legacy (`legacyField`) belong to no version unless the notes place them in one:
 * they stay, marked, in the all-versions schema only. Its description, result and history are unchanged.
 */
export function toolSpecAtVersion(spec: ToolSpec, at: VersionTuple): ToolSpecAtVersion {
  const presence = toolPresenceAt(spec, at);
  const changes = inputFieldHistory(spec);
  const valueChanges = inputValueHistory(spec);
  let input = spec.input as z.core.$ZodType;
  let narrowedShape = false;
  if (input._zod.def.type === 'union') {
    const options = (input._zod.def as z.core.$ZodUnionDef).options;
    const current = options.filter((option) => !isLegacy(option));
    if (current.length > 0 && current.length < options.length) {
      input = current.length === 1 ? (current[0] as z.core.$ZodType) : z.union(current as z.ZodType[]);
      narrowedShape = true;
    }
  }
  const untouched = { spec, presence, omitted: [], required: [] };
  if (input._zod.def.type !== 'object') {
    if (narrowedShape) return { ...untouched, spec: { ...spec, input: input as ToolSpec['input'] } };
    if (changes.length === 0 && valueChanges.length === 0) return untouched;
    return {
      ...untouched,
      note: 'The input is not a single object: its fields are not narrowed by version.',
    };
  }
  const object = input as unknown as z.ZodObject;
  const omitted: string[] = [];
  const required: string[] = [];
  const enums: Record<string, z.ZodType> = {};
  for (const [field, schema] of Object.entries(object.shape)) {
    const own = changes.filter((change) => matchesField(change.field, field));
    const added = own.filter((c) => c.change === 'added');
    const removed = own.filter((c) => c.change === 'removed');
    const present =
      (own.length > 0 || !isLegacy(schema)) &&
      (added.length === 0 || added.some((c) => !before(at, c, 'lo'))) &&
      !removed.some((c) => !before(at, c, 'hi'));
    if (!present) {
      omitted.push(field);
      continue;
    }
    const requiredFrom = own.filter((c) => c.change === 'required' && !before(at, c, 'hi'));
    const optionalFrom = own.filter((c) => c.change === 'optional' && !before(at, c, 'lo'));
    const makeRequired =
      requiredFrom.length > 0 && optionalFrom.length === 0 && schema._zod.def.type === 'optional';
    if (makeRequired) required.push(field);
    const values = valueChanges.filter((change) => change.field === field);
    const narrowedEnum = values.length > 0 ? enumAtVersion(schema, values, at) : undefined;
    if (narrowedEnum !== undefined) enums[field] = narrowedEnum;
  }
  if (omitted.length === 0 && required.length === 0 && Object.keys(enums).length === 0 && !narrowedShape)
    return untouched;
  const mask = Object.fromEntries(omitted.map((field) => [field, true as const]));
  let narrowed: z.ZodObject = object.omit(mask as Parameters<typeof object.omit>[0]);
  const shape: Record<string, z.ZodType> = { ...enums };
  for (const field of required) {
    const optional = (shape[field] ?? object.shape[field]) as z.ZodOptional<z.ZodType>;
    const inner = optional.unwrap();
    const description = optional.description ?? inner.description;
    shape[field] = description === undefined ? inner : inner.describe(description);
  }
  if (Object.keys(shape).length > 0) narrowed = narrowed.extend(shape);
  return { spec: { ...spec, input: narrowed }, presence, omitted, required };
}

/** An enum field (optional or not) with the values it had at `at`; undefined when nothing changes. */
function enumAtVersion(
  schema: z.core.$ZodType,
  changes: readonly InputValueChange[],
  at: VersionTuple,
): z.ZodType | undefined {
  const optional = schema._zod.def.type === 'optional';
  const inner = optional ? (schema as z.ZodOptional<z.ZodType>).unwrap() : (schema as z.ZodType);
  if (inner._zod.def.type !== 'enum') return undefined;
  const values = (inner as z.ZodEnum).options as string[];
  const kept = values.filter((value) => {
    const own = changes.filter((c) => c.value === value);
    const added = own.filter((c) => c.change === 'added');
    const removed = own.filter((c) => c.change === 'removed');
    return (
      (added.length === 0 || added.some((c) => compareVersions(at, c.at.lo) >= 0)) &&
      !removed.some((c) => compareVersions(at, c.at.hi) >= 0)
    );
  });
  if (kept.length === values.length || kept.length === 0) return undefined;
  const description = (schema as z.ZodType).description ?? inner.description;
  let narrowed: z.ZodType = z.enum(kept as [string, ...string[]]);
  if (optional) narrowed = narrowed.optional();
  return description === undefined ? narrowed : narrowed.describe(description);
}
