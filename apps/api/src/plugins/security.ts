import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { rateLimitResponse } from './errors.js';
import { databaseRateLimitStore, RateLimitCounters } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes rate-limit hits still in memory; the app calls it on close, before the database goes. */
    flushRateLimits: () => Promise<void>;
  }
}

/** Origins the map tiles come from, taken from MAP_TILE_URL so the CSP follows configuration. */
function tileOrigins(tileUrl: string): string[] {
  try {
    const u = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/gi, '0'));
    const hosts = tileUrl.includes('{s}') ? ['a', 'b', 'c'].map((s) => u.origin.replace('//a.', `//${s}.`)) : [u.origin];
    return hosts;
  } catch {
    return [];
  }
}

/** The headers helmet would set for these options, worked out once rather than on every response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers];
}

/** Headers that only a document (an HTML page) acts on: its script policy, framing, opener and agent cluster. */
const HTML_ONLY = new Set([
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
]);

export default fp(async function security(app: FastifyInstance) {
  const { env } = app.services;
  const all = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(env.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const everyResponse = all.filter(([name]) => !HTML_ONLY.has(name));
  const htmlOnly = all.filter(([name]) => HTML_ONLY.has(name));
  // On the raw response, like helmet, so a hijacked (streamed) reply carries them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of everyResponse) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) for (const [name, value] of htmlOnly) reply.header(name, value);
    done(null, payload);
  });
  // Limits are per route (config.rateLimit). Their counters live in Redis when REDIS_URL is set, otherwise in
  // the database: either way they outlive a restart and are shared by every process.
  // ioredis is loaded only when configured: a server without Redis starts without it.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
  // Without its offline queue, calls before the connection is up would skip the limit: give it a moment.
  if (redis) {
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
  }
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  const counters = redis
    ? undefined
    : new RateLimitCounters(app.services.db, (err) => app.log.warn({ err: err.message }, 'rate-limit counters not written'));
  await counters?.load();
  app.decorate('flushRateLimits', async () => {
    await counters?.flush();
  });
  await app.register(rateLimit, {
    global: false,
    ...(counters ? { store: databaseRateLimitStore(counters) } : { redis }),
    skipOnError: true,
    nameSpace: 'courier-rl-',
    errorResponseBuilder: rateLimitResponse(),
  });
});
