import { safeText, ZGeoPlace, ZGeoSuggestion } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/app-error.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';

export const ADDRESS_NOT_FOUND = 'address: We could not find this address';

/** Address suggestions and lookups on the configured geocoder, for signed-in users (it may cost money). */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoder } = app.services;
  const common = {
    preHandler: app.authenticate,
    config: perCallerLimit(60, '1 minute'),
  };
  const tags = ['geo'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/geo/autocomplete',
    {
      ...common,
      schema: {
        tags,
        security,
        querystring: z.object({ q: safeText('q').trim().max(200, 'q must be at most 200 characters') }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(ZGeoSuggestion) }) },
      },
    },
    async (request) => {
      const q = request.query.q;
      return { success: true as const, data: q.length >= 2 ? (await geocoder.autocomplete(q, 5)).slice(0, 5) : [] };
    },
  );

  app.get(
    '/v1/geo/geocode',
    {
      ...common,
      schema: {
        tags,
        security,
        querystring: z.object({
          address: safeText('Address').trim().min(1, 'Address is required').max(300, 'Address must be at most 300 characters'),
        }),
        response: { 200: z.object({ success: z.literal(true), data: ZGeoPlace }) },
      },
    },
    async (request) => {
      const place = await geocoder.geocode(request.query.address);
      if (!place) throw notFound(ADDRESS_NOT_FOUND);
      return { success: true as const, data: place };
    },
  );
};
export default geoRoutes;
