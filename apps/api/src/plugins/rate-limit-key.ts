import type { FastifyRequest } from 'fastify';

/**
 * Rate limits of signed-in routes count per account rather than per address, so a hospital's staff behind one
 * NAT address do not share one budget. Keyed on the authenticated user (not the Authorization header, which a
 * caller can vary at will: extra spaces, or a fresh token per request), so the limit must run after
 * `admit`: use `perCallerLimit`.
 */
export function perCaller(request: FastifyRequest): string {
  // A key has its own budget, apart from its customer's signed-in session.
  if (request.sessionUser?.apiKey) return `k:${request.sessionUser.apiKey.id}`;
  return request.sessionUser ? `u:${request.sessionUser.id}` : `ip:${request.ip}`;
}

/** A per-account limit that runs (preHandler) after the route's `admit` (onRequest) has named the caller. */
export const perCallerLimit = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: perCaller, hook: 'preHandler' as const },
});
