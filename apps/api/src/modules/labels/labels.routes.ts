import { ZLabelResponse, ZIdParams } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { generateLabel } from './generate-label.js';

/** A delivery's shipping label: generated on first ask, the same one after. */
const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.get(
    '/v1/deliveries/:id/label',
    {
      onRequest: app.admit('signedIn'),
      config: perCallerLimit(60, '1 minute'),
      schema: {
        tags: ['labels'],
        security: [{ bearer: [] }],
        description: 'The owner (or staff) gets the label, generated once; pdfUrl and imageUrl are short-lived signed links.',
        params: ZIdParams,
        response: { 200: ZLabelResponse },
      },
    },
    async (request) => generateLabel(services, actorOf(request), { idOrTrackingNumber: request.params.id }),
  );
};
export default labelsRoutes;
