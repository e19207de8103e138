import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../../test/corpus.js';
import { shippedBook } from '../../../test/price-book.js';

const corpusDir = sharedCorpusDir;

/**
 * Model ids of the corpus that have no price on purpose: `<synthetic>` (Claude Code's own messages) and
 * `codex-auto-review` (Codex's internal approval reviewer, no public API price).
 */
const knownUnpriced = ['<synthetic>', 'codex-auto-review'];

/** Assistant `message.model` of Claude Code files and `turn_context` `payload.model` of Codex rollouts. */
function corpusModels(): Map<string, string> {
  const models = new Map<string, string>();
  const files = readdirSync(corpusDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"model"')) continue;
      let record: { type?: unknown; message?: { model?: unknown }; payload?: { model?: unknown } };
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      const model =
        record.type === 'assistant'
          ? record.message?.model
          : record.type === 'turn_context'
            ? record.payload?.model
            : undefined;
      if (typeof model === 'string' && !models.has(model)) models.set(model, path.relative(corpusDir, file));
    }
  }
  return models;
}

describe('pricing of the corpus models', () => {
  const models = corpusModels();

  it('finds models in both agents', () => {
    const ids = [...models.keys()];
    expect(ids.some((id) => id.startsWith('claude-'))).toBe(true);
    expect(ids.some((id) => id.startsWith('gpt-'))).toBe(true);
  });

  it('prices every model id, except the known unpriced ones', () => {
    const unpriced = [...models]
      .filter(([model]) => !shippedBook.find(model) && !knownUnpriced.includes(model))
      .map(([model, file]) => `${model} (${file})`);
    expect(unpriced).toEqual([]);
  });

  it('keeps the known-unpriced list true', () => {
    for (const model of knownUnpriced) expect(shippedBook.find(model)).toBeUndefined();
  });
});
