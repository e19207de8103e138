import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The shared corpus of real transcripts, beside the repo. Tests skip (visibly) where it is absent. */
export const corpusDir = path.resolve(import.meta.dirname, '../../shared/corpus');
export const hasCorpus = existsSync(corpusDir);
if (!hasCorpus) console.warn(`Corpus tests skipped: no corpus at "${corpusDir}".`);

export function corpusPath(relative: string): string {
  return path.join(corpusDir, relative);
}

/** Every *.jsonl file under the corpus, sorted. */
export function corpusFiles(dir = corpusDir): string[] {
  if (!existsSync(dir)) return [];
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
