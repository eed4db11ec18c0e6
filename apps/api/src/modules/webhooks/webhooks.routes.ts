import {
  ZCreateWebhookRequest,
  ZCreateWebhookResponse,
  ZDeleteWebhookResponse,
  ZResendWebhookResponse,
  ZUpdateWebhookRequest,
  ZWebhookLogResponse,
  ZWebhookResponse,
  ZWebhooksResponse,
  ZIdParams,
  ZWebhookAttemptParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { listWebhookAttempts } from './list-webhook-attempts.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { resendWebhookMessage } from './resend-webhook-message.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint.js';

/**
 * A customer's webhook endpoints (signed session, or an API key with webhooks:manage). Events are signed the
 * Standard Webhooks way; bodies are { type, timestamp, data } with ids, status, times and links only.
 */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['webhooks'];
  const security = [{ bearer: [] }];
  const onRequest = app.admit('customer');

  app.get('/v1/webhooks', { onRequest, schema: { tags, security, response: { 200: ZWebhooksResponse } } }, async (request) => ({
    success: true as const,
    data: await listWebhookEndpoints(services, actorOf(request)),
  }));

  app.post(
    '/v1/webhooks',
    {
      onRequest,
      config: perCallerLimit(20, '1 minute'),
      schema: {
        tags,
        security,
        description:
          'Event types: delivery.created, delivery.status_changed, delivery.delivered, delivery.exception, delivery.receipt. The answer holds `data.secret` (whsec_...) once: verify the webhook-signature header with it (Standard Webhooks). Production accepts public https URLs only.',
        body: ZCreateWebhookRequest,
        response: { 201: ZCreateWebhookResponse },
      },
    },
    async (request, reply) => {
      const data = await createWebhookEndpoint(services, actorOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: 'Webhook endpoint added. Copy the signing secret now: it is shown once.', data });
    },
  );

  app.patch(
    '/v1/webhooks/:id',
    { onRequest, schema: { tags, security, params: ZIdParams, body: ZUpdateWebhookRequest, response: { 200: ZWebhookResponse } } },
    async (request) => ({
      success: true as const,
      data: await updateWebhookEndpoint(services, actorOf(request), { id: request.params.id, changes: request.body }),
    }),
  );

  app.delete(
    '/v1/webhooks/:id',
    { onRequest, schema: { tags, security, params: ZIdParams, response: { 200: ZDeleteWebhookResponse } } },
    async (request) => {
      await deleteWebhookEndpoint(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'Webhook endpoint deleted' };
    },
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'The delivery log: the latest 100 attempts, newest first.',
        params: ZIdParams,
        response: { 200: ZWebhookLogResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listWebhookAttempts(services, actorOf(request), { id: request.params.id }) }),
  );

  app.post(
    '/v1/webhooks/:id/deliveries/:attemptId/resend',
    {
      onRequest,
      config: perCallerLimit(60, '1 minute'),
      schema: {
        tags,
        security,
        description: 'Sends the attempt\u2019s message again now, with the same webhook-id.',
        params: ZWebhookAttemptParams,
        response: { 202: ZResendWebhookResponse },
      },
    },
    async (request, reply) => {
      await resendWebhookMessage(services, actorOf(request), { id: request.params.id, attemptId: request.params.attemptId });
      return reply.status(202).send({ success: true as const, message: 'Queued to send again' });
    },
  );
};
export default webhooksRoutes;
