import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the labels feature (not built yet). */
const labelsRoutes: FastifyPluginAsyncZod = async () => {};
export default labelsRoutes;
