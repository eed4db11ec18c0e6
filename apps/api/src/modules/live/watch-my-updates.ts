import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamEvents } from '../../platform/event-stream.js';
import type { LiveEvent } from '../../platform/live-events.js';
import { type Actor, mayWatchLiveEvent } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { ACCESS_TOKEN_TTL_S } from '../../platform/access-token.js';

/** What a signed-in screen needs to know to refetch: which delivery changed and how. */
export const toAccountEventJson = (e: LiveEvent) => ({
  type: e.type,
  deliveryId: e.deliveryId,
  orderId: e.orderId,
  status: e.status,
  at: e.createdAt.toISOString(),
});

/** Open signed-in streams one account may hold at once (a few tabs and devices); the next answers 429. */
export const MAX_STREAMS_PER_ACCOUNT = 10;

/**
 * The signed-in stream: a customer's own deliveries and notifications, a driver's jobs, the board for staff.
 * It ends within moments of the account changing (disabled, signed out, role changed, deleted: an
 * 'account.changed' event every process hears), and at the latest when an access token would; the client
 * comes back with a fresh token, which a disabled or signed-out account no longer has.
 */
export async function watchMyUpdates(services: Services, actor: Actor, request: FastifyRequest, reply: FastifyReply) {
  await streamEvents(services, request, reply, {
    carries: (e) => e.type !== 'account.changed' && mayWatchLiveEvent(actor, e),
    shape: toAccountEventJson,
    maxLifetimeMs: ACCESS_TOKEN_TTL_S * 1000,
    holder: { key: `account:${actor.id}`, max: MAX_STREAMS_PER_ACCOUNT },
    endsOn: (e) => e.type === 'account.changed' && e.userIds.includes(actor.id),
  });
}
