import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A tracking number: 'MC' and 10 Crockford base32 characters (50 random bits), never sequential. */
export function newOrderId(): string {
  const bytes = randomBytes(10);
  let out = 'MC';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

export const ORDER_ID_PATTERN = /^MC[0-9A-HJKMNP-TV-Z]{10}$/;
