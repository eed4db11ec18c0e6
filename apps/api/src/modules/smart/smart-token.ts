import { createHash, randomBytes } from 'node:crypto';
import { SMART_TOKEN_PREFIX } from '@courier/contract';

/** `mcf_` and 43 base64url characters (32 random bytes): neither a session JWT nor an API key (`mck_`). */
export const newSmartToken = (): string => `${SMART_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Only this is stored: the token is random and long, so a fast hash is enough. */
export const hashSmartToken = (token: string): string => createHash('sha256').update(token).digest('hex');
