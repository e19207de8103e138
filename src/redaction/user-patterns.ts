import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type Finding, regexFindings } from './finding.js';

/** A user's own secret pattern, compiled. */
export interface UserPattern {
  kind: string;
  regex: RegExp;
}

/** A patterns file that cannot be read or used; the message is one sentence naming the file and the entry. */
export class RedactionConfigError extends Error {
  override readonly name = 'RedactionConfigError';
}

const patternsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  patterns: z.array(
    z.strictObject({
      kind: z
        .string({ error: 'must be a string' })
        .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: 'must be lowercase letters, digits and dashes' }),
      regex: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
      flags: z
        .string({ error: 'must be a string' })
        .regex(/^[imsu]*$/, { error: 'may only hold the flags i, m, s and u' })
        .optional(),
    }),
    { error: 'must be a list of { kind, regex, flags }' },
  ),
});

const quote = (value: string) => JSON.stringify(value);

/**
 * Reads a patterns file: `{ "patterns": [{ "kind": "employee-id", "regex": "EMP-[0-9]{6}", "flags": "i" }] }`.
 * A named group `secret` in a regex limits the replacement to that group (`"token=(?<secret>\\w+)"`).
 */
export async function loadUserPatterns(file: string): Promise<UserPattern[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'it does not exist' : code === 'EISDIR' ? 'it is a folder' : String(code);
    throw new RedactionConfigError(`Cannot read the redaction patterns file ${quote(file)}: ${why}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RedactionConfigError(
      `The redaction patterns file ${quote(file)} is not valid JSON (${(error as Error).message}).`,
    );
  }
  const parsed = patternsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the top level';
    throw new RedactionConfigError(
      `The redaction patterns file ${quote(file)} is invalid at ${quote(where)}: ${issue?.message ?? 'unexpected shape'}.`,
    );
  }
  return parsed.data.patterns.map((pattern, index) => {
    let regex: RegExp;
    try {
      regex = new RegExp(pattern.regex, `${pattern.flags ?? ''}gd`);
    } catch (error) {
      throw new RedactionConfigError(
        `The redaction patterns file ${quote(file)} has an invalid regex at "patterns.${index}" (${(error as Error).message}).`,
      );
    }
    if (regex.test('')) {
      throw new RedactionConfigError(
        `The redaction patterns file ${quote(file)} has a regex at "patterns.${index}" that matches the empty text.`,
      );
    }
    return { kind: pattern.kind, regex };
  });
}

/** Findings of the user's patterns in `text`. */
export function userFindings(text: string, patterns: readonly UserPattern[], priority: number): Finding[] {
  return patterns.flatMap((p) => regexFindings(text, p.regex, p.kind, priority));
}
