import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Rate limits of signed-in routes count per token rather than per address, so a hospital's staff behind one
 * NAT address do not share one budget. Unsigned calls count per address.
 */
export function perCaller(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  return auth ? `t:${createHash('sha256').update(auth).digest('base64url').slice(0, 22)}` : `ip:${request.ip}`;
}
