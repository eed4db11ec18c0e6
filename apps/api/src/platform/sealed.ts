import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption at rest for the few fields that must be readable again (a driver's bank account): AES-256-GCM under
 * DATA_ENCRYPTION_KEY, or a key generated once and kept under DATA_DIR (like JWT_SECRET). Every process of a
 * deployment must share the key: set DATA_ENCRYPTION_KEY when running more than one.
 */
const keys = new Map<string, Buffer>();

export function resolveDataKey(configured: string | undefined, dataDir: string): Buffer {
  const cacheKey = configured ? `env:${configured}` : `dir:${dataDir}`;
  const known = keys.get(cacheKey);
  if (known) return known;
  let secret = configured;
  if (!secret) {
    const file = join(dataDir, 'secrets', 'data-key');
    if (existsSync(file)) secret = readFileSync(file, 'utf8').trim();
    else {
      mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
      secret = randomBytes(32).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  const key = createHash('sha256').update(secret).digest();
  keys.set(cacheKey, key);
  return key;
}

/** "v1." + base64url(iv 12 | tag 16 | ciphertext). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function unseal(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed format');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
