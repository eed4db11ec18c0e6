import {
  ZAdminDeliveriesQuery,
  ZAdminDeliveriesResponse,
  ZAdminDeliveryResponse,
  ZAdminDriversResponse,
  ZAdminStatsResponse,
  ZAssignDriverRequest,
  ZCustodyResponse,
  ZReattemptRequest,
  ZReturnRequest,
  ZStaffCancelRequest,
  ZAnyIdParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { cancelDelivery } from '../deliveries/cancel-delivery.js';
import { readDelivery } from '../deliveries/read-delivery.js';
import { assignDriver } from './assign-driver.js';
import { reattemptDelivery } from './reattempt-delivery.js';
import { toDispatchDeliveryJson } from './dispatch-reply.js';
import { deliveryJsonContext } from '../deliveries/delivery-reply-context.js';
import { printCustodyReport } from './custody-report.js';
import { exportDispatchDeliveries } from './export-dispatch-deliveries.js';
import { listDispatchDeliveries } from './list-dispatch-deliveries.js';
import { listDrivers } from './list-drivers.js';
import { custodyResponse, readCustody } from './read-custody.js';
import { readDispatchStats } from './read-dispatch-stats.js';
import { returnFromDispatch } from './return-from-dispatch.js';

/** The staff console (STAFF and above): the board, the moves dispatch makes, custody and the logs. */
const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('staff') };
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.get(
    '/v1/admin/deliveries',
    { ...common, schema: { ...schema, querystring: ZAdminDeliveriesQuery, response: { 200: ZAdminDeliveriesResponse } } },
    async (request) => listDispatchDeliveries(services, actorOf(request), request.query, deliveryJsonContext(services, actorOf(request))),
  );

  app.get(
    '/v1/admin/deliveries/export.csv',
    {
      ...common,
      schema: {
        ...schema,
        description: 'What the list shows for the same query, every page, as CSV (text/csv); each export is audited.',
        querystring: ZAdminDeliveriesQuery,
      },
    },
    async (request, reply) => sendCsv(reply, await exportDispatchDeliveries(services, actorOf(request), request.query)),
  );

  app.get(
    '/v1/admin/deliveries/:id',
    {
      ...common,
      schema: {
        ...schema,
        description: 'One delivery in full; each read is audited.',
        params: ZAnyIdParams,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => {
      // readDelivery checks access and audits the read.
      const { view } = await readDelivery(services, actorOf(request), { idOrTrackingNumber: request.params.id });
      return toDispatchDeliveryJson(services, actorOf(request), view.delivery.id, 'Delivery');
    },
  );

  // POST /v1/admin/deliveries/:id/approve is in modules/auto-dispatch: with the setting on, approving auto-assigns.

  app.post(
    '/v1/admin/deliveries/:id/assign',
    {
      ...common,
      schema: {
        ...schema,
        description: 'Assigns an approved delivery, or reassigns an assigned one, to an active driver.',
        params: ZAnyIdParams,
        body: ZAssignDriverRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => {
      const moved = await assignDriver(services, actorOf(request), { idOrTrackingNumber: request.params.id, ...request.body });
      return toDispatchDeliveryJson(services, actorOf(request), moved.id, 'Driver assigned');
    },
  );

  app.post(
    '/v1/admin/deliveries/:id/cancel',
    { ...common, schema: { ...schema, params: ZAnyIdParams, body: ZStaffCancelRequest, response: { 200: ZAdminDeliveryResponse } } },
    async (request) => {
      const moved = await cancelDelivery(services, actorOf(request), {
        idOrTrackingNumber: request.params.id,
        reason: request.body.reason,
      });
      return toDispatchDeliveryJson(services, actorOf(request), moved.id, 'Delivery cancelled');
    },
  );

  app.post(
    '/v1/admin/deliveries/:id/reattempt',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'Decides a failed attempt: another attempt in window { from, to }, by the same driver (driverId absent or the same: back to in_transit) or by another (assigned; the new driver collects the parcel from the first). 409 ATTEMPTS_EXHAUSTED past MAX_DELIVERY_ATTEMPTS.',
        params: ZAnyIdParams,
        body: ZReattemptRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => {
      const moved = await reattemptDelivery(services, actorOf(request), { idOrTrackingNumber: request.params.id, ...request.body });
      return toDispatchDeliveryJson(services, actorOf(request), moved.id, 'Re-attempt scheduled');
    },
  );

  app.post(
    '/v1/admin/deliveries/:id/return',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'Sends a picked-up, in-transit or failed delivery back to its sender (returning); the driver ends it with the hand-back proof.',
        params: ZAnyIdParams,
        body: ZReturnRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => returnFromDispatch(services, actorOf(request), { idOrTrackingNumber: request.params.id, note: request.body.note }),
  );

  app.get(
    '/v1/admin/deliveries/:id/custody',
    { ...common, schema: { ...schema, params: ZAnyIdParams, response: { 200: ZCustodyResponse } } },
    async (request) => custodyResponse(await readCustody(services, actorOf(request), { idOrTrackingNumber: request.params.id })),
  );

  app.get(
    '/v1/admin/deliveries/:id/custody/report',
    { ...common, schema: { ...schema, description: 'The chain-of-custody report as a PDF (US Letter).', params: ZAnyIdParams } },
    async (request, reply) => {
      const report = await printCustodyReport(services, actorOf(request), { idOrTrackingNumber: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${report.fileName}"`)
        .header('cache-control', 'no-store')
        .send(report.pdf);
    },
  );

  app.get('/v1/admin/drivers', { ...common, schema: { ...schema, response: { 200: ZAdminDriversResponse } } }, async (request) =>
    listDrivers(services, actorOf(request)),
  );

  app.get('/v1/admin/stats', { ...common, schema: { ...schema, response: { 200: ZAdminStatsResponse } } }, async (request) =>
    readDispatchStats(services, actorOf(request)),
  );
};
export default dispatchRoutes;
