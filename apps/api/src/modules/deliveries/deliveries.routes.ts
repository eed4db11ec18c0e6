import {
  safeText,
  ZCancelDeliveryResponse,
  ZCreateDeliveryResponse,
  ZDeliveryResponse,
  ZMyDeliveriesQuery,
  ZMyDeliveriesResponse,
  ZQuoteRequest,
  ZQuoteResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { bookDelivery } from './book-delivery.js';
import { cancelOwnDelivery } from './cancel-own-delivery.js';
import { readDeliveryForm } from './delivery-form.js';
import { listMyDeliveries } from './list-my-deliveries.js';
import { quoteDelivery } from './quote-delivery.js';
import { readOwnDelivery } from './read-own-delivery.js';

const ZIdParams = z.object({ id: safeText('Id').max(64) });

/** The customer's own deliveries: request, list, read and cancel. */
const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['deliveries'];
  const security = [{ bearer: [] }];

  app.post(
    '/v1/deliveries',
    {
      // Only a customer books (and becomes the delivery's owner); staff and drivers get 403.
      onRequest: app.admit('customer'),
      config: perCallerLimit(60, '1 minute'),
      schema: {
        tags,
        security,
        description:
          'JSON body (ZCreateDeliveryRequest) or multipart/form-data with the same fields as strings and an optional image part "file" (JPEG, PNG or WebP, at most 5 MB).',
        response: { 201: ZCreateDeliveryResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await bookDelivery(services, actorOf(request), await readDeliveryForm(request))),
  );

  app.post(
    '/v1/deliveries/quote',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(120, '1 minute'),
      schema: {
        tags,
        security,
        description:
          "The booking form's fields so far; answers each delivery type's estimated delivery and whether it meets required-by. Addresses outside SERVICE_AREA_STATES answer 400 OUTSIDE_SERVICE_AREA naming the field.",
        body: ZQuoteRequest,
        response: { 200: ZQuoteResponse },
      },
    },
    async (request) => quoteDelivery(services, actorOf(request), request.body),
  );

  app.get(
    '/v1/deliveries/my-deliveries',
    {
      preHandler: app.admit('signedIn'),
      schema: { tags, security, querystring: ZMyDeliveriesQuery, response: { 200: ZMyDeliveriesResponse } },
    },
    async (request) => listMyDeliveries(services, actorOf(request), request.query),
  );

  app.get(
    '/v1/deliveries/:id',
    {
      preHandler: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description:
          'The owner, the assigned driver or staff (each staff read is audited); anyone else gets 404. Only the owner gets timeline, pod, deliveredAt and cancelReason.',
        params: ZIdParams,
        response: { 200: ZDeliveryResponse },
      },
    },
    async (request) => readOwnDelivery(services, actorOf(request), { idOrOrderId: request.params.id }),
  );

  app.post(
    '/v1/deliveries/:id/cancel',
    {
      preHandler: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: 'The owner withdraws a pending request (staff cancel through /api/v1/admin); other moves answer 409.',
        params: ZIdParams,
        body: z.object({ reason: safeText('Reason').trim().max(500, 'Reason must be at most 500 characters').optional() }).nullish(),
        response: { 200: ZCancelDeliveryResponse },
      },
    },
    async (request) => cancelOwnDelivery(services, actorOf(request), { idOrOrderId: request.params.id, reason: request.body?.reason }),
  );
};
export default deliveriesRoutes;
