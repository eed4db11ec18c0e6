import { TRACKING_NUMBER_SOURCE } from '@courier/contract';

/** A tracking number anywhere in the text, in any case. */
const TRACKING = new RegExp(`\\b${TRACKING_NUMBER_SOURCE}\\b`, 'i');

/**
 * The tracking number in what was scanned or typed: the bare code (Code 128), or a tracking link (the
 * label's QR code). Typed text is trimmed and upper-cased.
 */
export function readTrackingNumber(raw: string): string {
  const text = raw.trim();
  const match = text.match(TRACKING);
  return (match ? match[0] : text).toUpperCase();
}
