import { ZFeedbackRequest, ZTrackingNumberParams, ZFeedbackResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anonymousOf } from '../../plugins/auth.js';
import { submitFeedback } from './submit-feedback.js';

/** Public feedback on a delivered order, reached from the link in the delivery message. */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
export default feedbackRoutes;
