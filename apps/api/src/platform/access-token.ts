import { errors, jwtVerify, SignJWT } from 'jose';
import { AUTH_ERRORS } from '@courier/contract';
import { unauthorized } from './app-error.js';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ALGORITHMS = ['HS256'];

export interface AccessClaims {
  sub: string;
  role: string;
  /** The session (refresh-token family) the token was issued for; lets a password change keep this one. */
  sid?: string;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims.sid ? { role: claims.role, sid: claims.sid } : { role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .setIssuer('medcourier')
    .sign(secret);
}

/** Verifies with an algorithm allow-list; answers the 401 messages the web client keys on. */
/**
 * The session an access token names, when its signature is ours: an expired token still names it (for
 * as long as a refresh family can live), so logout ends the session whatever the token's age.
 */
export async function sessionOfAccessToken(secret: Uint8Array, token: string, now: Date, maxAgeS: number): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ALGORITHMS,
      issuer: 'medcourier',
      currentDate: now,
      clockTolerance: maxAgeS,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
    return { sub: payload.sub, role: payload.role, ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}) };
  } catch {
    return null;
  }
}

export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ALGORITHMS,
      issuer: 'medcourier',
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw unauthorized(AUTH_ERRORS.invalid);
    return { sub: payload.sub, role: payload.role, ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}) };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized(AUTH_ERRORS.expired);
    throw unauthorized(AUTH_ERRORS.invalid);
  }
}
