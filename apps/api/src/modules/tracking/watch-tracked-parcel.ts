import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamEvents } from '../../platform/event-stream.js';
import type { LiveEvent } from '../../platform/live-events.js';
import type { Services } from '../../services.js';
import { findPublicDelivery } from './find-public-delivery.js';

/** Only what the tracking call already shows: the number, the status and when it changed. */
export const toPublicEventJson = (e: LiveEvent) => ({
  type: e.type,
  trackingNumber: e.orderId,
  status: e.status,
  at: e.createdAt.toISOString(),
});

/** Open public streams one client address may hold at once; the next answers 429. */
export const MAX_PUBLIC_STREAMS_PER_ADDRESS = 20;
/** A public stream ends after this long with a reconnect hint, so none stays open for ever. */
export const PUBLIC_STREAM_LIFETIME_MS = 60 * 60_000;

/** The public stream of one parcel: an unknown or malformed number answers the tracking call's 404. */
export async function watchTrackedParcel(services: Services, rawTrackingNumber: string, request: FastifyRequest, reply: FastifyReply) {
  const { orderId } = await findPublicDelivery(services.db, rawTrackingNumber);
  await streamEvents(services, request, reply, {
    carries: (e) => e.public && e.orderId === orderId,
    shape: toPublicEventJson,
    maxLifetimeMs: PUBLIC_STREAM_LIFETIME_MS,
    holder: { key: `address:${request.ip}`, max: MAX_PUBLIC_STREAMS_PER_ADDRESS },
  });
}
