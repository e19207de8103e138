const numberFormat = new Intl.NumberFormat('en-US');

/** A count for people, with thousands separators: `1,234,567`. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A count with its noun: `1 session`, `2 sessions`, `1,024 calls` (the CLI's and the viewer's wording). */
export function countOf(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatNumber(count)} ${count === 1 ? noun : nouns}`;
}
