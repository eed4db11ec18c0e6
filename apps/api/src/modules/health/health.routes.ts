import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.string(), database: z.string().optional() });

/** Liveness and readiness for load balancers; /readyz answers 503 while the database is away. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: ZHealth } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true, response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
    try {
      await Promise.race([
        app.services.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2000).unref()),
      ]);
      return { status: 'ready', database: 'up' };
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  app.get(
    '/api/v1/config',
    { schema: { tags: ['config'], response: { 200: z.object({ mapTileUrl: z.string(), geocoder: z.string() }) } } },
    async () => ({ mapTileUrl: app.services.env.MAP_TILE_URL, geocoder: app.services.geocoder.name }),
  );
};
export default healthRoutes;
