import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Secrets handed out once (links, codes, refresh tokens); only their SHA-256 is ever stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** 256 random bits, URL-safe: for links and refresh tokens. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

/** A 6-digit sign-in code, leading zeros kept. */
export function newLoginCode(): { code: string; hash: string } {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  return { code, hash: hashSecret(code) };
}

/** Compares two hex digests without leaking where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
