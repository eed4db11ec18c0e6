import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the optin feature (not built yet). */
const optinRoutes: FastifyPluginAsyncZod = async () => {};
export default optinRoutes;
