import { normalizeTrackingNumber, TRACKING_NUMBER_SOURCE } from '@courier/contract';

/** A tracking number anywhere in the text, in any case. */
const TRACKING = new RegExp(`\\b${TRACKING_NUMBER_SOURCE}\\b`, 'i');

/**
 * The tracking number in what was scanned or typed: the bare code (Code 128), a tracking link (the label's QR
 * code), or the number typed as the label prints it, read as tracking lookup reads it (spaces, dashes, case,
 * and I, L, O for 1, 1, 0 forgiven). Anything else comes back trimmed and upper-cased, to be shown as read.
 */
export function readTrackingNumber(raw: string): string {
  const text = raw.trim();
  const match = text.match(TRACKING);
  if (match) return match[0].toUpperCase();
  return normalizeTrackingNumber(text) ?? text.toUpperCase();
}
