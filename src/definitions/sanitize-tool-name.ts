import { createHash } from 'node:crypto';

/** Longest function name OpenAI accepts (Chat Completions, Responses, Assistants). */
export const openAIToolNameMaxLength = 64;
/** Characters kept before the hash suffix when a name is shortened. */
const keptPrefixLength = 55;

/** The first `length` hex digits of SHA-256 of `text`. */
export function sha256Hex(text: string, length = 8): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}

/** Whether OpenAI accepts `name` as a function name: `^[a-zA-Z0-9_-]{1,64}$`. */
export function isValidOpenAIToolName(name: string): boolean {
  return /^[a-zA-Z0-9_-]{1,64}$/.test(name);
}

/** `name` with every character outside `[A-Za-z0-9_-]` replaced by `_`. */
export function replaceInvalidToolNameCharacters(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * `name` shortened to 64 characters: the first 55 characters of `sanitized`, `_`, and the first 8 hex
 * digits of SHA-256 of `hashed` (the original name, so that different names that sanitize alike still
 * differ). Also used, whatever the length, to re-suffix a name that collides with another.
 */
export function hashSuffixedToolName(sanitized: string, hashed: string): string {
  return `${sanitized.slice(0, keptPrefixLength)}_${sha256Hex(hashed)}`;
}

/**
 * The OpenAI function name for a tool name (spec 5.3 steps 1-2): invalid characters become `_`; a name
 * longer than 64 characters keeps its first 55 characters plus `_` and 8 hex digits of SHA-256 of the
 * original name. Deterministic; collisions between tools are resolved by `ToolNameMap`.
 */
export function sanitizeToolName(name: string): string {
  const sanitized = replaceInvalidToolNameCharacters(name);
  if (sanitized.length === 0) return hashSuffixedToolName('', name);
  return sanitized.length > openAIToolNameMaxLength ? hashSuffixedToolName(sanitized, name) : sanitized;
}
