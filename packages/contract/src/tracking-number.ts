/** A tracking number: 'MC' and 10 Crockford base32 characters (digits and capitals without I, L, O, U). */
export const TRACKING_NUMBER_SOURCE = 'MC[0-9A-HJKMNP-TV-Z]{10}';
/** A whole tracking number as stored. */
export const TRACKING_NUMBER_PATTERN = new RegExp(`^${TRACKING_NUMBER_SOURCE}$`);

/** Crockford base32 reads I and L as 1 and O as 0, so a number read off a label still matches. */
const CROCKFORD_ALIASES: Record<string, string> = { I: '1', L: '1', O: '0' };

/**
 * The tracking number as stored, tolerant of case, spaces and dashes; null when it cannot be one, so
 * malformed input never reaches the database.
 */
export function normalizeTrackingNumber(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!compact.startsWith('MC')) return null;
  const candidate = `MC${compact.slice(2).replace(/[ILO]/g, (c) => CROCKFORD_ALIASES[c])}`;
  return TRACKING_NUMBER_PATTERN.test(candidate) ? candidate : null;
}
