import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the notifications feature (not built yet). */
const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
export default notificationsRoutes;
