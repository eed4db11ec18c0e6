import {
  IMPORT_COLUMNS,
  ZCancelDeliveryResponse,
  ZImportErrorBody,
  ZImportResponse,
  ZCreateDeliveryResponse,
  ZDeliveryResponse,
  ZMyDeliveriesQuery,
  ZMyDeliveriesResponse,
  ZQuoteRequest,
  ZQuoteResponse,
  ZIdParams,
  ZCancelOwnDeliveryRequest,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.js';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { cancelDelivery } from './cancel-delivery.js';
import { createDelivery } from './create-delivery.js';
import { toOwnDeliveryJson } from './delivery-reply-context.js';
import { importDeliveries, importLimits } from './import-deliveries.js';
import { readDeliveryForm } from './delivery-form.js';
import { listMyDeliveries } from './list-my-deliveries.js';
import { quoteDelivery } from './quote-delivery.js';
import { readOwnDelivery } from './read-own-delivery.js';

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
    async (request, reply) => {
      const actor = actorOf(request);
      const { delivery, ...booked } = await createDelivery(services, actor, await readDeliveryForm(request));
      const data = await toOwnDeliveryJson(services, actor, delivery.id);
      return reply.status(201).send({ success: true as const, ...booked, data, _id: data._id });
    },
  );

  // A CSV import is read as bytes, decoded strictly by the import (2 MB holds 1,000 rows of long addresses);
  // other routes never see text/csv.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  const importCaps = importLimits(services);

  app.post(
    '/v1/deliveries/import',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(importCaps.perMinute, '1 minute'),
      schema: {
        tags,
        security,
        description: `Body text/csv in UTF-8: a header line naming the API's fields (${IMPORT_COLUMNS.join(', ')}), then up to ${importCaps.maxRows} deliveries (IMPORT_MAX_ROWS). Every row is checked as the form checks it; 422 lists every bad cell (or the first line that is not UTF-8) by line and field and creates nothing.`,
        consumes: ['text/csv'],
        response: { 201: ZImportResponse, 422: ZImportErrorBody },
      },
    },
    async (request, reply) => {
      if (!/^text\/csv\b/i.test(request.headers['content-type'] ?? '') || !Buffer.isBuffer(request.body)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the deliveries as text/csv', { field: 'body' });
      }
      const outcome = await importDeliveries(services, actorOf(request), { csv: request.body });
      if (outcome.ok) {
        return reply.status(201).send({
          success: true,
          message: `${outcome.created} deliveries created`,
          created: outcome.created,
          ...(outcome.creditWarning ? { warning: outcome.creditWarning, creditWarning: outcome.creditWarning } : {}),
        });
      }
      const first = outcome.errors[0];
      return reply.status(422).send({
        success: false,
        error: 'IMPORT_INVALID',
        message: `Nothing was imported: ${outcome.errors.length} problem${outcome.errors.length === 1 ? '' : 's'}, the first on line ${first.line} (${first.field}): ${first.message}`,
        errors: outcome.errors,
      });
    },
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
      onRequest: app.admit('signedIn'),
      schema: { tags, security, querystring: ZMyDeliveriesQuery, response: { 200: ZMyDeliveriesResponse } },
    },
    async (request) => listMyDeliveries(services, actorOf(request), request.query),
  );

  app.get(
    '/v1/deliveries/:id',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description:
          'The owner, the assigned driver or staff (each staff read is audited); anyone else gets 404. Only the owner gets timeline, pod, deliveredAt and cancelReason.',
        params: ZIdParams,
        response: { 200: ZDeliveryResponse },
      },
    },
    async (request) => readOwnDelivery(services, actorOf(request), { idOrTrackingNumber: request.params.id }),
  );

  app.post(
    '/v1/deliveries/:id/cancel',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: 'The owner withdraws a pending request (staff cancel through /api/v1/admin); other moves answer 409.',
        params: ZIdParams,
        body: ZCancelOwnDeliveryRequest,
        response: { 200: ZCancelDeliveryResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const cancelled = await cancelDelivery(services, actor, { idOrTrackingNumber: request.params.id, reason: request.body?.reason });
      return { success: true as const, message: 'Delivery cancelled', data: await toOwnDeliveryJson(services, actor, cancelled.id) };
    },
  );
};
export default deliveriesRoutes;
