import {
  ZCreateStandingOrderRequest,
  ZSkipOccurrenceRequest,
  ZStandingOrderListResponse,
  ZStandingOrderResponse,
  ZUpdateStandingOrderRequest,
  ZIdParams,
  ZEndStandingOrderResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { createStandingOrder } from './create-standing-order.js';
import { endStandingOrder } from './end-standing-order.js';
import { listStandingOrders } from './list-standing-orders.js';
import { readStandingOrder } from './read-standing-order.js';
import { skipStandingOrderDate } from './skip-standing-order-date.js';
import { updateStandingOrder } from './update-standing-order.js';

/** Standing orders: a customer's delivery repeated on a schedule. */
const standingOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['standing-orders'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/standing-orders',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: "The caller's standing orders; staff see every customer's, each with its owner.",
        response: { 200: ZStandingOrderListResponse },
      },
    },
    async (request) => listStandingOrders(services, actorOf(request)),
  );

  app.post(
    '/v1/standing-orders',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(30, '1 minute'),
      schema: {
        tags,
        security,
        description:
          "The delivery's fields without requiredBy, plus schedule { rrule (RFC 5545, e.g. FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR), time (HH:MM in the business time zone) }, startsOn and optional endsOn.",
        body: ZCreateStandingOrderRequest,
        response: { 201: ZStandingOrderResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await createStandingOrder(services, actorOf(request), request.body)),
  );

  app.get(
    '/v1/standing-orders/:id',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: 'The owner or staff; nextOccurrences holds the next five required-by times.',
        params: ZIdParams,
        response: { 200: ZStandingOrderResponse },
      },
    },
    async (request) => readStandingOrder(services, actorOf(request), { id: request.params.id }),
  );

  app.patch(
    '/v1/standing-orders/:id',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description:
          'Future occurrences only. The owner edits delivery fields, schedule, startsOn, endsOn; status active or paused pauses and resumes; preApproved is for staff.',
        params: ZIdParams,
        body: ZUpdateStandingOrderRequest,
        response: { 200: ZStandingOrderResponse },
      },
    },
    async (request) => updateStandingOrder(services, actorOf(request), { id: request.params.id, changes: request.body }),
  );

  app.delete(
    '/v1/standing-orders/:id',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: 'Ends the standing order; deliveries already booked stay.',
        params: ZIdParams,
        response: { 200: ZEndStandingOrderResponse },
      },
    },
    async (request) => endStandingOrder(services, actorOf(request), { id: request.params.id }),
  );

  app.post(
    '/v1/standing-orders/:id/skip',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags,
        security,
        description: 'Skips one date (YYYY-MM-DD) of the schedule; 409 when that delivery is already booked.',
        params: ZIdParams,
        body: ZSkipOccurrenceRequest,
        response: { 200: ZEndStandingOrderResponse },
      },
    },
    async (request) => skipStandingOrderDate(services, actorOf(request), { id: request.params.id, date: request.body.date }),
  );
};
export default standingOrdersRoutes;
