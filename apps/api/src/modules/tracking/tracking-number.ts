import { ORDER_ID_PATTERN } from '../deliveries/order-id.js';

/** Crockford base32 reads I and L as 1 and O as 0, so a number read off a label still matches. */
const CROCKFORD_ALIASES: Record<string, string> = { I: '1', L: '1', O: '0' };

/**
 * The tracking number as stored ('MC' + 10 Crockford characters), tolerant of case, spaces and dashes;
 * null when it cannot be one, so malformed input never reaches the database.
 */
export function normalizeTrackingNumber(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!compact.startsWith('MC')) return null;
  const candidate = `MC${compact.slice(2).replace(/[ILO]/g, (c) => CROCKFORD_ALIASES[c])}`;
  return ORDER_ID_PATTERN.test(candidate) ? candidate : null;
}
