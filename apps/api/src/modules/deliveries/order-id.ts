import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new tracking number (the contract's TRACKING_NUMBER_PATTERN): 50 random bits, never sequential. */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let out = 'MC';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}
