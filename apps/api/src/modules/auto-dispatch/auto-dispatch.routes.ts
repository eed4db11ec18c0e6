import {
  ZAdminDeliveryResponse,
  ZAnyIdParams,
  ZApproveDeliveryRequest,
  ZAutoAssignAllResponse,
  ZAutoAssignResponse,
  ZBulkDeliveriesRequest,
  ZBulkDeliveriesResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { toDispatchDeliveryJson } from '../dispatch/dispatch-reply.js';
import { approvedMessage, approveForDispatch } from './approve-for-dispatch.js';
import { autoAssignApproved } from './auto-assign-approved.js';
import { autoAssignDelivery } from './auto-assign-delivery.js';
import { bulkMoveDeliveries, bulkSummary } from './bulk-move-deliveries.js';

/** Dispatch at volume (STAFF and above): approving (and auto-assigning), many jobs at once, the planner's choice of driver. */
const autoDispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('staff') };
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.post(
    '/v1/admin/deliveries/:id/approve',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'Approves a pending delivery; with AUTO_ASSIGN_ON_APPROVAL on, then gives it to the best driver (the message says whom and why).',
        params: ZAnyIdParams,
        body: ZApproveDeliveryRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => {
      const { id, autoAssigned } = await approveForDispatch(services, actorOf(request), {
        idOrTrackingNumber: request.params.id,
        note: request.body?.note,
      });
      return toDispatchDeliveryJson(services, actorOf(request), id, approvedMessage(autoAssigned));
    },
  );

  app.post(
    '/v1/admin/deliveries/bulk',
    {
      ...common,
      schema: {
        ...schema,
        description: `Approves, assigns (driverId) or cancels (reason) up to 200 deliveries, each through its own single call and transaction; each job's result says ok, or its error code and message.`,
        body: ZBulkDeliveriesRequest,
        response: { 200: ZBulkDeliveriesResponse },
      },
    },
    async (request) => {
      const results = await bulkMoveDeliveries(services, actorOf(request), request.body);
      return { success: true as const, message: bulkSummary(request.body.action, results), data: { results } };
    },
  );

  app.post(
    '/v1/admin/deliveries/auto-assign',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'Gives every approved delivery (STAT first) to the driver whose route today takes it best; each result names the driver and why, or why none fits.',
        response: { 200: ZAutoAssignAllResponse },
      },
    },
    async (request) => {
      const results = await autoAssignApproved(services, actorOf(request));
      const done = results.filter((r) => r.ok).length;
      return { success: true as const, message: `${done} of ${results.length} auto-assigned`, data: { results } };
    },
  );

  app.post(
    '/v1/admin/deliveries/:id/auto-assign',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'Gives an approved delivery to the driver whose route today (shifts, stops under way, windows) takes it at the least added driving; ok false with NO_DRIVER_FITS and the reason when none can. 409 when it is not approved.',
        params: ZAnyIdParams,
        response: { 200: ZAutoAssignResponse },
      },
    },
    async (request) => {
      const data = await autoAssignDelivery(services, actorOf(request), { idOrTrackingNumber: request.params.id });
      return { success: true as const, message: data.ok ? `Assigned to ${data.driverName}` : 'No driver fits', data };
    },
  );
};

export default autoDispatchRoutes;
