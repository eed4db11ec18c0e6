import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamEvents } from '../../platform/event-stream.js';
import type { LiveEvent } from '../../platform/live-events.js';
import { type Actor, mayWatchLiveEvent } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { ACCESS_TOKEN_TTL_S } from '../auth/access-token.js';

/** What a signed-in screen needs to know to refetch: which delivery changed and how. */
export const accountEventJson = (e: LiveEvent) => ({
  type: e.type,
  deliveryId: e.deliveryId,
  orderId: e.orderId,
  status: e.status,
  at: e.createdAt.toISOString(),
});

/**
 * The signed-in stream: a customer's own deliveries and notifications, a driver's jobs, the board for staff.
 * It ends when an access token would, so the client comes back with a fresh one and a disabled or signed-out
 * account stops receiving.
 */
export async function watchMyUpdates(services: Services, actor: Actor, request: FastifyRequest, reply: FastifyReply) {
  await streamEvents(services, request, reply, {
    carries: (e) => mayWatchLiveEvent(actor, e),
    shape: accountEventJson,
    maxLifetimeMs: ACCESS_TOKEN_TTL_S * 1000,
  });
}
