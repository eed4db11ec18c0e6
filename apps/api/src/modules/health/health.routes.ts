import { ZHealth, ZServerConfig } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importLimits } from '../../shared/import-limits.js';

const CHECK_TIMEOUT_MS = 2000;

/** Resolves 'up' when check succeeds within the time limit, else 'down' (and logs why). */
async function probe(name: string, check: () => Promise<void>, log: { warn: (obj: object, msg: string) => void }) {
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`${name} check timed out`)), CHECK_TIMEOUT_MS).unref()),
    ]);
    return 'up';
  } catch (err) {
    log.warn({ err: (err as Error).message, store: name }, 'readiness check failed');
    return 'down';
  }
}

/** Liveness and readiness for load balancers; /readyz answers 503 while a store requests need is away. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: ZHealth } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true, response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
    const { database, storage, replica } = app.services;
    const [databaseState, filesState, replicaState] = await Promise.all([
      probe('database', () => database.ping(), app.log),
      probe('files', () => storage.checkWritable(), app.log),
      // Tracking and reports read the replica: without it this process would fail them, so it is not ready.
      replica ? probe('replica', () => replica.ping(), app.log) : null,
    ]);
    const stores = { database: databaseState, files: filesState, ...(replicaState ? { replica: replicaState } : {}) };
    if (databaseState === 'up' && filesState === 'up' && replicaState !== 'down') return { status: 'ready', ...stores };
    return reply.status(503).send({ status: 'unavailable', ...stores });
  });

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['config'],
        response: {
          200: ZServerConfig,
        },
      },
    },
    async () => ({
      mapTileUrl: app.services.env.MAP_TILE_URL,
      geocoder: app.services.geocoder.name,
      dispatchPhone: app.services.env.DISPATCH_PHONE ?? null,
      serviceAreaStates: app.services.env.SERVICE_AREA_STATES ?? [],
      importMaxRows: importLimits(app.services).maxRows,
    }),
  );
};
export default healthRoutes;
