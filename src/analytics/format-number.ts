const numberFormat = new Intl.NumberFormat('en-US');

/** A count for people, with thousands separators: `1,234,567`. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
