import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { rateLimited } from './app-error.js';
import type { LiveEvent } from './live-events.js';

export interface EventStreamPlan {
  /** Whether this stream carries the event (access was checked before the stream opened). */
  carries: (event: LiveEvent) => boolean;
  /** The allow-listed fields the client gets for an event it carries. */
  shape: (event: LiveEvent) => Record<string, unknown>;
  /** Ends the stream after this long with a reconnect hint (a signed-in one comes back with a fresh token). */
  maxLifetimeMs?: number;
  /** Who holds the stream (an account, a client address) and how many streams they may hold open at once. */
  holder: { key: string; max: number };
  /** A live event (not a replayed one) that ends the stream at once with a reconnect hint: the account changed. */
  endsOn?: (event: LiveEvent) => boolean;
}

/** When a caller at the cap of open streams may try again. */
export const STREAM_CAP_RETRY_AFTER_S = 30;

/** Last-Event-ID as a stored event id; anything else means "from now on". */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

const frame = (event: LiveEvent, data: Record<string, unknown>) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Streams server-sent events on the raw response: the events after Last-Event-ID first (from the table,
 * so a reconnect to another process misses nothing), then live ones, with a comment line as heartbeat.
 * Registered in liveStreams, so a stop ends it with a reconnect hint.
 */
export async function streamEvents(services: Services, request: FastifyRequest, reply: FastifyReply, plan: EventStreamPlan) {
  const { liveBus, liveStreams, env } = services;
  const afterId = lastEventIdOf(request);
  // Each open stream holds a socket and a file descriptor: one caller may hold only so many.
  if (liveStreams.countOf(plan.holder.key) >= plan.holder.max) {
    throw rateLimited(`Too many open live streams (at most ${plan.holder.max}); close one or try again later`, STREAM_CAP_RETRY_AFTER_S);
  }
  reply.hijack();
  const raw: ServerResponse = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold events back in their buffer.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });

  const put = (chunk: string) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
  };
  // Live events are held while the missed ones are read, then sent without repeating any. Ids are not
  // compared beyond that: transactions commit in any order, so a live event may carry a lower id.
  let pending: LiveEvent[] | null = afterId === null ? null : [];
  const replayed = new Set<number>();
  const send = (event: LiveEvent) => {
    if (replayed.has(event.id) || !plan.carries(event)) return;
    put(frame(event, plan.shape(event)));
  };
  const endNow = () => {
    put('retry: 1000\n\n');
    raw.end();
  };
  const unsubscribe = liveBus.subscribe((event) => {
    if (plan.endsOn?.(event)) endNow();
    else if (pending) pending.push(event);
    else send(event);
  });
  const stream = { write: put, end: () => raw.end() };
  const unregister = liveStreams.add(stream, plan.holder.key);
  const heartbeat = setInterval(() => put(': heartbeat\n\n'), env.LIVE_HEARTBEAT_MS);
  const lifetime = plan.maxLifetimeMs ? setTimeout(endNow, plan.maxLifetimeMs) : undefined;
  const cleanUp = () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    unregister();
  };
  raw.on('close', cleanUp);
  // An opening comment flushes the headers at once, so the client knows the stream is open.
  put(': open\n\n');

  if (pending && afterId !== null) {
    try {
      for (const event of await liveBus.since(afterId)) {
        send(event);
        replayed.add(event.id);
      }
    } catch (err) {
      request.log.warn({ err }, 'could not replay missed live events');
    }
    const held = pending;
    pending = null;
    for (const event of held) send(event);
    replayed.clear();
  }
}
