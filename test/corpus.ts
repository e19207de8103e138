import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The corpora of real logs, inside the repository as test data (test/data/, each with its PROVENANCE.tsv:
 * every file comes from an MIT or Apache-2.0 repository). A missing corpus is a failure, never a skip.
 */
export const corpusDir = path.resolve(import.meta.dirname, 'data/corpus');
/** Real logs of other agents (Gemini CLI, Copilot CLI, OpenCode, Pi, Qwen Code, Cursor), with FORMATS.md. */
export const corpusMoreDir = path.resolve(import.meta.dirname, 'data/corpus-more');

for (const dir of [corpusDir, corpusMoreDir]) {
  if (!existsSync(path.join(dir, 'PROVENANCE.tsv')))
    throw new Error(
      `The test corpus is missing: "${dir}" holds no PROVENANCE.tsv (it is part of the repository).`,
    );
}

export function corpusPath(relative: string): string {
  return path.join(corpusDir, relative);
}

/** Every *.jsonl file under the corpus, sorted. */
export function corpusFiles(dir = corpusDir): string[] {
  if (!existsSync(dir)) throw new Error(`No corpus folder at "${dir}".`);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Test-only: parse a small JSONL file naively (skipping lines that do not parse to objects). */
export function naiveRecords(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? [value as Record<string, unknown>]
          : [];
      } catch {
        return [];
      }
    });
}

/** Test-only: is this a Codex rollout (by its first record)? */
export function isCodexFile(file: string): boolean {
  const first = naiveRecords(file)[0];
  return (
    first !== undefined &&
    ('payload' in first || 'record_type' in first || ('instructions' in first && 'id' in first))
  );
}
