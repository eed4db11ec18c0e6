import { ZFeedbackRequest, ZTrackingNumberParams, ZFeedbackResponse, ZAdminFeedbackQuery, ZAdminFeedbackResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { listFeedback } from './list-feedback.js';
import { submitFeedback } from './submit-feedback.js';

/** Public feedback on a delivered order, reached from the link in the delivery message; the staff's list of it. */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('staff') };
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.post(
    '/v1/deliveries/track/:trackingNumber/feedback',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['feedback'],
        summary: 'Rate a delivered order (1 to 5, optional comment), once',
        params: ZTrackingNumberParams,
        body: ZFeedbackRequest,
        response: { 201: ZFeedbackResponse },
      },
    },
    async (request, reply) => {
      const input = { trackingNumber: request.params.trackingNumber, body: request.body };
      return reply.status(201).send(await submitFeedback(app.services, anonymousOf(request), input));
    },
  );

  app.get(
    '/v1/admin/feedback',
    { ...common, schema: { ...schema, querystring: ZAdminFeedbackQuery, response: { 200: ZAdminFeedbackResponse } } },
    async (request) => listFeedback(services, actorOf(request), request.query),
  );
};
export default feedbackRoutes;
