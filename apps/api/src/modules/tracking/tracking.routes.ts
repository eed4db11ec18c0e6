import { MESSAGES, ZErrorBody, ZEventStream, ZTrackingNumberParams, ZTrackingNumberQuery } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/app-error.js';
import { anonymousOf } from '../../plugins/auth.js';
import { visitorZone } from './local-time.js';
import { trackDelivery, trackingDetails } from './track-delivery.js';
import { ZTrackingDetailsResponse, ZTrackingResponse } from '@courier/contract';
import { watchTrackedParcel } from './watch-tracked-parcel.js';

/** About one lookup a second per address: plenty for a person, slow for guessing numbers. */
const TRACKING_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** Public tracking: no sign-in, throttled per address so numbers cannot be guessed in bulk. */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Without it an empty number would fall to the signed-in '/v1/deliveries/:id' and answer 401.
  app.get(
    '/v1/deliveries/track',
    {
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags: ['tracking'],
        summary: 'A tracking number sent as a query (a search form) is redirected to its one address; none answers 400',
        querystring: ZTrackingNumberQuery,
        response: {
          302: z.null().describe('Found: Location is /api/v1/deliveries/track/{trackingNumber}; no body'),
          400: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const trackingNumber = request.query.trackingNumber?.trim();
      if (!trackingNumber) throw badRequest(MESSAGES.trackingRequired, 'trackingNumber');
      return reply.redirect(`/api/v1/deliveries/track/${encodeURIComponent(trackingNumber)}`, 302);
    },
  );

  app.get(
    '/v1/deliveries/track/:trackingNumber',
    {
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags: ['tracking'],
        summary: 'Public tracking of a delivery (times shaped by the X-Timezone-Offset header, minutes as JS getTimezoneOffset)',
        params: ZTrackingNumberParams,
        response: { 200: ZTrackingResponse, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const zone = visitorZone(request.headers['x-timezone-offset'], app.services.env.BUSINESS_TZ);
      const answer = await trackDelivery(app.services, anonymousOf(request), { trackingNumber: request.params.trackingNumber, zone });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/v1/deliveries/track/:trackingNumber/details',
    {
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags: ['tracking'],
        summary: 'Order id and status of a delivery, for the public feedback page',
        params: ZTrackingNumberParams,
        response: { 200: ZTrackingDetailsResponse, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const answer = await trackingDetails(app.services, anonymousOf(request), request.params);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/v1/deliveries/track/:trackingNumber/events',
    {
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags: ['tracking'],
        summary:
          'Server-sent events of one parcel: its status changes and position updates, no personal data (resumes after Last-Event-ID)',
        params: ZTrackingNumberParams,
        response: {
          200: {
            description: 'The parcel\u2019s events, as server-sent events',
            content: { 'text/event-stream': { schema: ZEventStream } },
          },
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      await watchTrackedParcel(app.services, request.params.trackingNumber, request, reply);
    },
  );
};
export default trackingRoutes;
