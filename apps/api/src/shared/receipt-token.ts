import { createHmac, timingSafeEqual } from 'node:crypto';
import { RECEIPT_TOKEN_DAYS } from '@courier/contract';

/**
 * The receiving end's link: the delivery id and an expiry under a MAC, so the link works without a stored
 * row; "once" is the receipt itself (a second answer finds it recorded).
 */
const mac = (key: Uint8Array, body: string) => createHmac('sha256', key).update(`receipt:${body}`).digest();

/** Short enough for a URL path segment (routers cap those at 100 characters): the id's hex, the expiry in base 36, 128 bits of MAC. */
export function receiptToken(key: Uint8Array, deliveryId: string, deliveredAt: Date): string {
  const expires = Math.floor(deliveredAt.getTime() / 1000) + RECEIPT_TOKEN_DAYS * 86_400;
  const body = `${deliveryId.replaceAll('-', '')}${expires.toString(36)}`;
  return `${body}.${mac(key, body).subarray(0, 16).toString('base64url')}`;
}

export type ReadToken = { deliveryId: string; expired: boolean } | null;

/** The delivery a token stands for and whether its 7 days are over; null for anything forged or mangled. */
export function readReceiptToken(key: Uint8Array, token: string, now: Date): ReadToken {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length > 0 || !/^[0-9a-f]{32}[0-9a-z]{1,10}$/.test(body)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, body).subarray(0, 16);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const hex = body.slice(0, 32);
  const deliveryId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { deliveryId, expired: now.getTime() / 1000 > Number.parseInt(body.slice(32), 36) };
}

export const receiptUrlOf = (publicUrl: string, key: Uint8Array, deliveryId: string, deliveredAt: Date) =>
  `${publicUrl}/receive/${receiptToken(key, deliveryId, deliveredAt)}`;
