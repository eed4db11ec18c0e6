import {
  ZFuelSurchargeRequest,
  ZFuelSurchargeResponse,
  ZFuelSurchargesResponse,
  ZIdParams,
  ZRateCardBody,
  ZRateCardPatch,
  ZRateCardResponse,
  ZRateCardsResponse,
} from '@courier/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { addFuelSurcharge } from './add-fuel-surcharge.js';
import { createRateCard } from './create-rate-card.js';
import { getRateCard } from './get-rate-card.js';
import { listFuelSurcharges } from './list-fuel-surcharges.js';
import { listRateCards } from './list-rate-cards.js';
import { removeFuelSurcharge } from './remove-fuel-surcharge.js';
import { updateRateCard } from './update-rate-card.js';

/** Prices: rate cards (versioned) and fuel surcharges. Staff are admitted; the policy lets managers read and
 * administrators change. */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['billing'];
  const security = [{ bearer: [] }];
  const staff = app.admit('staff');

  app.get(
    '/v1/admin/rate-cards',
    { onRequest: staff, schema: { tags, security, response: { 200: ZRateCardsResponse } } },
    async (request) => ({ success: true as const, data: await listRateCards(services, actorOf(request)) }),
  );

  app.post(
    '/v1/admin/rate-cards',
    { onRequest: staff, schema: { tags, security, body: ZRateCardBody, response: { 201: ZRateCardResponse } } },
    async (request, reply) => {
      const data = await createRateCard(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Rate card created', data });
    },
  );

  app.get(
    '/v1/admin/rate-cards/:id',
    { onRequest: staff, schema: { tags, security, params: ZIdParams, response: { 200: ZRateCardResponse } } },
    async (request) => ({ success: true as const, data: await getRateCard(services, actorOf(request), { id: request.params.id }) }),
  );

  app.patch(
    '/v1/admin/rate-cards/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'Prices that have priced a delivery are never changed: the edit becomes the next version, in force from now.',
        params: ZIdParams,
        body: ZRateCardPatch,
        response: { 200: ZRateCardResponse },
      },
    },
    async (request) => {
      const data = await updateRateCard(services, actorOf(request), { id: request.params.id, patch: request.body });
      return { success: true as const, message: 'Rate card saved', data };
    },
  );

  app.get(
    '/v1/admin/fuel-surcharges',
    { onRequest: staff, schema: { tags, security, response: { 200: ZFuelSurchargesResponse } } },
    async (request) => ({ success: true as const, data: await listFuelSurcharges(services, actorOf(request)) }),
  );

  app.post(
    '/v1/admin/fuel-surcharges',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'Days are BUSINESS_TZ calendar days, both included; ranges never overlap (409).',
        body: ZFuelSurchargeRequest,
        response: { 201: ZFuelSurchargeResponse },
      },
    },
    async (request, reply) => {
      const data = await addFuelSurcharge(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Fuel surcharge added', data });
    },
  );

  app.delete(
    '/v1/admin/fuel-surcharges/:id',
    {
      onRequest: staff,
      schema: { tags, security, params: ZIdParams, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
    },
    async (request) => {
      await removeFuelSurcharge(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'Fuel surcharge removed' };
    },
  );
};
export default billingRoutes;
