import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The fake-secrets fixture (written by make-secrets-fixture.mjs): no value in it is a real credential. */
export const secretsDir = path.resolve(import.meta.dirname, 'fixtures/secrets');
export const patternsFile = path.join(secretsDir, 'redact.json');
export const fakeSecrets = JSON.parse(
  readFileSync(path.join(secretsDir, 'fake-secrets.json'), 'utf8'),
) as Record<string, { kind: string; value: string }>;

/** The names of the fake secrets found in `text` (empty when redaction worked). */
export function survivors(text: string): string[] {
  return Object.entries(fakeSecrets)
    .filter(([, secret]) => text.includes(secret.value))
    .map(([name]) => name);
}
