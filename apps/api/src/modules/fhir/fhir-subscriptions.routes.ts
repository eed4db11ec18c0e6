import { ZFhirSubscriptionLogResponse, ZFhirSubscriptionsResponse, ZIdParams } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { listFhirSubscriptions } from './list-fhir-subscriptions.js';
import { listSubscriptionAttempts } from './list-subscription-attempts.js';

/** The account's FHIR Subscriptions as its people see them on the integrations page (the lab system manages them over FHIR). */
const fhirSubscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['integrations'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/integrations/fhir-subscriptions',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: "The account's FHIR Subscriptions (an owner's view) or one's own (a member's), with their status.",
        response: { 200: ZFhirSubscriptionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listFhirSubscriptions(services, actorOf(request)) }),
  );

  app.get(
    '/v1/integrations/fhir-subscriptions/:id/deliveries',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: "The Subscription's delivery log: the latest 100 attempts to send its Task notifications, newest first.",
        params: ZIdParams,
        response: { 200: ZFhirSubscriptionLogResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSubscriptionAttempts(services, actorOf(request), { id: request.params.id }),
    }),
  );
};

export default fhirSubscriptionsRoutes;
