import { createHmac, timingSafeEqual } from 'node:crypto';

/** Links live 30 to 60 minutes: expiries are rounded up to the half hour so a page's links stay stable (and cached). */
const WINDOW_S = 30 * 60;

const signature = (key: Uint8Array, fileId: string, exp: number) =>
  createHmac('sha256', key).update(`file-link:${fileId}:${exp}`).digest('base64url');

/**
 * A same-origin link to a stored file that an <img> or <a> can follow without a Bearer header. It is minted
 * only when the delivery is shown to someone allowed to see the file.
 */
export function signedFileUrl(key: Uint8Array, fileId: string, now: Date): string {
  const exp = (Math.floor(now.getTime() / 1000 / WINDOW_S) + 2) * WINDOW_S;
  return `/api/v1/files/${fileId}?exp=${exp}&sig=${signature(key, fileId, exp)}`;
}

export function isValidFileSignature(
  key: Uint8Array,
  fileId: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, fileId, expiresAt));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
