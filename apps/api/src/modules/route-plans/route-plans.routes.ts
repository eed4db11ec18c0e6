import {
  ZDriverRouteRequest,
  ZDriverRouteResponse,
  ZDriverShiftRequest,
  ZErrorBody,
  ZLiveMapResponse,
  ZManagedUserResponse,
  ZPlanProgressResponse,
  ZReplanRequest,
  ZRouteInsertionRequest,
  ZRoutePlanRequest,
  ZRoutePlanResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import { applyRoutePlan } from './apply-route-plan.js';
import { createRoutePlan } from './create-route-plan.js';
import { planStatInsertion } from './plan-stat-insertion.js';
import { closePlannerThread } from './planner-thread.js';
import { readLiveMap } from './read-live-map.js';
import { readPlanProgress, stopPlanSearch } from './follow-plan-run.js';
import { replanRestOfDay } from './replan-rest-of-day.js';
import { setDriverRoute } from './set-driver-route.js';
import { setDriverShift } from './set-driver-shift.js';

const ZIdParams = z.object({ id: z.string().max(64) });

/** Route planning and the live map (STAFF and above); drivers' shifts with the users page (ADMIN and above). */
const routePlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staff = { onRequest: app.admit('staff') };
  const schema = { tags: ['route-plans'], security: [{ bearer: [] }] };
  app.addHook('onClose', closePlannerThread);

  app.post(
    '/v1/admin/route-plans',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          'Plans the routes of a day (or from now): a stored preview, applied with the apply call. Nothing is assigned yet. 503 while the planner has too many plans waiting.',
        body: ZRoutePlanRequest,
        response: { 201: ZRoutePlanResponse, 503: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createRoutePlan(services, actorOf(request), request.body)),
  );

  app.post(
    '/v1/admin/route-plans/insertions',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          'Offers one approved job (a STAT) the best place in the routes under way, their stops keeping their order. 503 while the planner has too many plans waiting.',
        body: ZRouteInsertionRequest,
        response: { 201: ZRoutePlanResponse, 503: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await planStatInsertion(services, actorOf(request), request.body)),
  );

  app.post(
    '/v1/admin/route-plans/replan',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          "Re-plans the rest of today from each driver's position and time: parcels on board stay on their vehicle, stops under way first, and `stability` keeps most planned stops where they are. A stored preview listing the changes; applied with the apply call, which tells each driver of theirs. Give a `runId` to follow the search (GET /route-plans/runs/{runId}) and stop it early. 503 while the planner has too many plans waiting.",
        body: ZReplanRequest,
        response: { 201: ZRoutePlanResponse, 503: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await replanRestOfDay(services, actorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/route-plans/runs/:runId',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          'How a plan being searched (started with a runId) is getting on: iterations, best cost, time, feasibility. 404 once forgotten (a minute after it ends) or on another server process.',
        params: z.object({ runId: z.string().max(64) }),
        response: { 200: ZPlanProgressResponse, 404: ZErrorBody },
      },
    },
    async (request) => readPlanProgress(actorOf(request), request.params.runId),
  );

  app.post(
    '/v1/admin/route-plans/runs/:runId/stop',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          'Stops a plan being searched: its request answers at once with the best plan found so far. 404 when no such search is running.',
        params: z.object({ runId: z.string().max(64) }),
        response: { 202: ZPlanProgressResponse, 404: ZErrorBody },
      },
    },
    async (request, reply) => reply.status(202).send(stopPlanSearch(actorOf(request), request.params.runId)),
  );

  app.post(
    '/v1/admin/route-plans/:id/apply',
    {
      ...staff,
      schema: {
        ...schema,
        description: "Assigns the planned jobs and stores each driver's order; 409 ROUTE_PLAN_STALE when a job changed since the preview.",
        params: ZIdParams,
        response: { 200: ZRoutePlanResponse },
      },
    },
    async (request) => applyRoutePlan(services, actorOf(request), request.params.id),
  );

  app.put(
    '/v1/admin/drivers/:driverId/route',
    {
      ...staff,
      schema: {
        ...schema,
        description:
          "Resequences a driver's route: the jobs listed first, in this order (the driver's other open jobs after them). A listed job of another driver, not yet picked up, moves to this driver (the assignment's move); 409 for one under way. The driver's phone follows.",
        params: z.object({ driverId: z.string().max(64) }),
        body: ZDriverRouteRequest,
        response: { 200: ZDriverRouteResponse, 409: ZErrorBody },
      },
    },
    async (request) => setDriverRoute(services, actorOf(request), { ...request.body, driverId: request.params.driverId }),
  );

  app.get(
    '/v1/admin/live-map',
    { ...staff, schema: { ...schema, description: 'Drivers and open jobs for the dispatch map.', response: { 200: ZLiveMapResponse } } },
    async (request) => readLiveMap(services, actorOf(request)),
  );

  app.patch(
    '/v1/admin/users/:id/shift',
    {
      onRequest: app.admit('admin'),
      schema: {
        ...schema,
        tags: ['users'],
        description: "Sets a driver's shift (null clears it) and vehicle capacity.",
        params: ZIdParams,
        body: ZDriverShiftRequest,
        response: { 200: ZManagedUserResponse },
      },
    },
    async (request) => setDriverShift(services, actorOf(request), { ...request.body, userId: request.params.id }),
  );
};

export default routePlansRoutes;
