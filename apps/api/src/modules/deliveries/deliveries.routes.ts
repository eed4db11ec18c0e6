import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the deliveries feature (not built yet). */
const deliveriesRoutes: FastifyPluginAsyncZod = async () => {};
export default deliveriesRoutes;
