// The snippet of a full-text hit: some text around the first query word, the words marked.
import { hitEnd, hitStart } from './search-index.js';

/** About 160 characters of `text` around the first word of `query`, each query word between the hit marks. */
export function snippetAround(text: string, query: string): string {
  const words = query
    .split(/\s+/)
    .map((w) => w.replace(/\*$/, '').replace(/^"|"$/g, ''))
    .filter((w) => w.length > 0);
  const lower = text.toLowerCase();
  const at = Math.max(
    0,
    Math.min(...words.map((w) => lower.indexOf(w.toLowerCase())).filter((i) => i >= 0), text.length),
  );
  const start = Math.max(0, at - 60);
  const end = Math.min(text.length, at + 100);
  let cut = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  for (const word of words) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Placeholders of redaction stay whole: `password` is not marked inside `[REDACTED:password:1]`.
    cut = cut
      .split(/(\[REDACTED:[^\]\s]*\])/)
      .map((part, i) =>
        i % 2 === 1 ? part : part.replace(new RegExp(escaped, 'gi'), (m) => `${hitStart}${m}${hitEnd}`),
      )
      .join('');
  }
  return cut;
}
