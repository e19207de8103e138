import type { z } from 'zod';
import { boundDepth } from '../schemas/common/bound-depth.js';
import type { HookInput } from './hook-input.js';
import { hookInputBaseSchema, hookInputSchemas, isHookEventName } from './hook-input-schemas.js';

/** Hook stdin that cannot be read as a hook event. The message is one sentence: what and where. */
export class HookInputError extends Error {
  override readonly name = 'HookInputError';
}

/**
 * Reads the JSON a Claude Code hook receives on stdin into a typed event. Known events are checked
 * against their fields; unknown events are accepted with their base fields checked. The object comes
 * back as it was written: fields agentlog does not know are kept. Throws `HookInputError` on text that
 * is not a JSON object or lacks a field the event needs.
 */
export function parseHookInput(text: string): HookInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HookInputError(`Hook input is not JSON (${reason}): ${JSON.stringify(excerpt(text))}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HookInputError(
      `Hook input must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
    );
  boundDepth(value);
  const name = (value as { hook_event_name?: unknown }).hook_event_name;
  if (typeof name !== 'string')
    throw new HookInputError(
      'Hook input has no "hook_event_name" string, so it is not a Claude Code hook event.',
    );
  const schema = isHookEventName(name) ? hookInputSchemas[name] : hookInputBaseSchema;
  const checked = schema.safeParse(value);
  if (!checked.success) throw new HookInputError(describeIssue(name, checked.error.issues[0]));
  // The original object, not zod's copy: nothing is reordered, coerced or dropped.
  return value as HookInput;
}

/** Reads all of stdin (or another stream) and parses it with {@link parseHookInput}. */
export async function readHookInput(stream: NodeJS.ReadableStream = process.stdin): Promise<HookInput> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new HookInputError('Hook input is empty: nothing was written to stdin.');
  return parseHookInput(text);
}

function describeIssue(event: string, issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return `Hook input for "${event}" is invalid.`;
  const field = issue.path.map(String).join('.');
  const detail = issue.message.replace(/^Invalid input: /, '');
  return `Hook input for "${event}" has an invalid "${field}": ${detail}.`;
}

function excerpt(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
