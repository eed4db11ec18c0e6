import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PrometheusMetrics } from '../platform/metrics.js';
import { unauthorized } from '../platform/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry when METRICS_TOKEN or METRICS_PORT is set; null otherwise. */
    prometheus: PrometheusMetrics | null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared as digests, so neither the length nor the first differing character shows in the timing. */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * GET /metrics on the main port, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Without
 * METRICS_TOKEN the route answers 404 like an unknown one; it is registered anyway, so the route audit sees it
 * (it checks its own token, not a user's session). Hidden from the OpenAPI document, like /healthz.
 */
export default fp(async function metrics(app: FastifyInstance, opts: { prometheus: PrometheusMetrics | null }) {
  const { prometheus } = opts;
  app.decorate('prometheus', prometheus);
  prometheus?.observeRequests(app);
  const token = app.services.env.METRICS_TOKEN;

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token || !prometheus) {
      return reply.status(404).send({ success: false, message: 'Route GET /metrics not found', error: 'NOT_FOUND' });
    }
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    const body = await prometheus.render();
    return reply.header('cache-control', 'no-store').type(prometheus.contentType).send(body);
  });
});

/**
 * The metrics on a port of their own (METRICS_PORT), for a network where only the scraper reaches that port:
 * a bare listener beside the app, started by main.ts and closed with the app.
 */
export async function listenForMetrics(app: FastifyInstance, port: number, host: string): Promise<Server> {
  const prometheus = app.prometheus;
  if (!prometheus) throw new Error('metrics are not enabled');
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    prometheus.render().then(
      (body) => res.writeHead(200, { 'content-type': prometheus.contentType, 'cache-control': 'no-store' }).end(body),
      (err: Error) => {
        app.log.warn({ err: err.message }, 'metrics could not be rendered');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
