import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the geo feature (not built yet). */
const geoRoutes: FastifyPluginAsyncZod = async () => {};
export default geoRoutes;
