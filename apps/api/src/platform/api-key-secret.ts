import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@courier/contract';

/** `mck_` and 43 base64url characters (32 random bytes). */
export const newApiKeySecret = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Only this is stored: a key's secret is random and long, so a fast hash is enough (no password stretching needed). */
export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** What lists show to tell keys apart: the prefix and the first 6 random characters. */
export const apiKeyDisplayPrefix = (secret: string): string => secret.slice(0, API_KEY_PREFIX.length + 6);
