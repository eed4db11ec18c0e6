/** "$1,234.50" (negative: "-$12.00") from integer cents. */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const text = `$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** "12.50" typed by a person -> 1250 cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const m = /^\s*(-)?\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Today in the browser's calendar as YYYY-MM-DD. */
export function isoDay(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Monday to Sunday of the week holding `d`. */
export function weekOf(d = new Date()): { from: string; to: string } {
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { from: isoDay(monday), to: isoDay(sunday) };
}

export const milesText = (tenths: number) => `${(tenths / 10).toFixed(1)} mi`;
