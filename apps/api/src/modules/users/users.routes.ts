import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the users feature (not built yet). */
const usersRoutes: FastifyPluginAsyncZod = async () => {};
export default usersRoutes;
