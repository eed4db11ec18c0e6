import { dinero, toDecimal } from 'dinero.js';
import { USD } from 'dinero.js/currencies';

/** 123456 -> "1234.56": the amount as accounting tools import it (two places, no separators). */
export const decimalCents = (cents: number) => toDecimal(dinero({ amount: cents, currency: USD }));
