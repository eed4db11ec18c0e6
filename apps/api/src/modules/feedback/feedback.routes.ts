import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the feedback feature (not built yet). */
const feedbackRoutes: FastifyPluginAsyncZod = async () => {};
export default feedbackRoutes;
