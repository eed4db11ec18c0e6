import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the tracking feature (not built yet). */
const trackingRoutes: FastifyPluginAsyncZod = async () => {};
export default trackingRoutes;
