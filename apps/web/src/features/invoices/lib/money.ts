/** "$1,234.50": how the console shows an amount of cents. */
export const formatCents = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** "12.50": an amount of cents as a money field shows it (no symbol, no separators). */
export const dollarsText = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2));

/**
 * What a person typed in a money field, in cents: "12", "12.5", "$1,234.50". Null for anything else (letters,
 * a third decimal, a negative amount), so the form names the field instead of rounding a guess.
 */
export function centsFromText(typed: string): number | null {
  const text = typed
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
