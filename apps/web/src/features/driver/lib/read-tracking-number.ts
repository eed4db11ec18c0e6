/** Tracking numbers: MC and 10 Crockford base32 characters. */
const TRACKING = /\bMC[0-9A-HJKMNP-TV-Z]{10}\b/i;

/**
 * The tracking number in what was scanned or typed: the bare code (Code 128), or a tracking link (the
 * label's QR code). Typed text is trimmed and upper-cased.
 */
export function readTrackingNumber(raw: string): string {
  const text = raw.trim();
  const match = text.match(TRACKING);
  return (match ? match[0] : text).toUpperCase();
}
