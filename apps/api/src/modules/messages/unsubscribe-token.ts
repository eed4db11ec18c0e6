import { createHmac, timingSafeEqual } from 'node:crypto';

/** A recipient's unsubscribe token: their address and a MAC of it, so a link works without a stored row. */
const mac = (key: Uint8Array, email: string) => createHmac('sha256', key).update(`unsubscribe:${email}`).digest();

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function unsubscribeToken(key: Uint8Array, email: string): string {
  const e = normalizeEmail(email);
  return `${Buffer.from(e).toString('base64url')}.${mac(key, e).toString('base64url')}`;
}

/** The address a token stands for, or null for anything forged or mangled. */
export function emailOfUnsubscribeToken(key: Uint8Array, token: string): string | null {
  const [encoded, sig, ...rest] = token.split('.');
  if (!encoded || !sig || rest.length > 0) return null;
  const email = Buffer.from(encoded, 'base64url').toString();
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, email);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

export const unsubscribeUrlOf = (publicUrl: string, key: Uint8Array, email: string) =>
  `${publicUrl}/api/v1/unsubscribe/${unsubscribeToken(key, email)}`;
