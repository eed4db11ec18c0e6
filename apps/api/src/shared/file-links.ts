import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from './ids.js';

/** Links live 30 to 60 minutes: expiries are rounded up to the half hour so a page's links stay stable (and cached). */
const WINDOW_S = 30 * 60;
const signature = (key: Uint8Array, fileId: string, exp: number, readerId: string) =>
  createHmac('sha256', key).update(`file-link:${fileId}:${exp}:${readerId}`).digest('base64url');

/**
 * A same-origin link to a stored file that an <img> or <a> can follow without a Bearer header. It is minted
 * only when the delivery is shown to someone allowed to see the file, and for that reader: the account's id
 * is signed into it, so its use is checked and audited as theirs.
 */
export function signedFileUrl(key: Uint8Array, fileId: string, readerId: string, now: Date): string {
  const exp = (Math.floor(now.getTime() / 1000 / WINDOW_S) + 2) * WINDOW_S;
  return `/api/v1/files/${fileId}?exp=${exp}&for=${readerId}&sig=${signature(key, fileId, exp, readerId)}`;
}

/** The account a valid, unexpired link was minted for; null for a link that is not one of ours, altered or expired. */
export function readerOfFileLink(
  key: Uint8Array,
  fileId: string,
  link: { exp?: string; for?: string; sig?: string },
  now: Date,
): string | null {
  const { exp, for: readerId, sig } = link;
  if (!exp || !sig || !readerId || !/^\d{1,12}$/.test(exp) || !isUuid(readerId)) return null;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(key, fileId, expiresAt, readerId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? readerId : null;
}
