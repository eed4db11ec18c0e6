import { dinero, halfUp, multiply, toDecimal, transformScale, toSnapshot } from 'dinero.js';
import { USD } from 'dinero.js/currencies';

/** Cents x percent / 100, rounded half up to the cent (12.5 % of $48.25 is $6.03). Dinero does the arithmetic in
 * scaled integers, so no float ever holds money. */
export function percentOf(cents: number, percent: number): number {
  const scaled = Math.round(percent * 100); // 12.5 % -> 1250 at scale 4 (a fraction of one)
  const product = multiply(dinero({ amount: cents, currency: USD }), { amount: scaled, scale: 4 });
  return toSnapshot(transformScale(product, 2, halfUp)).amount;
}

/** Cents x a count with one decimal (8.4 mi x $1.55), rounded half up to the cent. */
export function timesTenths(cents: number, quantity: number): number {
  const tenths = Math.round(quantity * 10);
  const product = multiply(dinero({ amount: cents, currency: USD }), { amount: tenths, scale: 1 });
  return toSnapshot(transformScale(product, 2, halfUp)).amount;
}

/** "$1,234.50": how every line describes an amount. */
export function dollars(cents: number): string {
  const text = toDecimal(dinero({ amount: Math.abs(cents), currency: USD }));
  const [whole = '0', part = '00'] = text.split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${part}`;
}

/** 8.4 or 12 (miles and minutes read as people write them). */
export const tenths = (n: number) => String(Math.round(n * 10) / 10);
