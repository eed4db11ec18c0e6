import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the auth feature (not built yet). */
const authRoutes: FastifyPluginAsyncZod = async () => {};
export default authRoutes;
