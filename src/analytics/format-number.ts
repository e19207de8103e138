/** Made on first use: creating it costs about 10 ms, which a command that prints no count (`statusline`) saves. */
let numberFormat: Intl.NumberFormat | undefined;

/** A count for people, with thousands separators: `1,234,567`. */
export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
}

/** A count with its noun: `1 session`, `2 sessions`, `1,024 calls` (the CLI's and the viewer's wording). */
export function countOf(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatNumber(count)} ${count === 1 ? noun : nouns}`;
}

/** US dollars for people, two decimals, thousands separators: `$1,234.50` (the CLI's and the MCP server's). */
export function formatUsd(value: number): string {
  return `$${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
