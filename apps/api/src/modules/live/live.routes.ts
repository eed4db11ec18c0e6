import { ZEventStream } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { watchMyUpdates } from './watch-my-updates.js';

/** Server-sent events for signed-in screens; the public tracking stream lives with tracking. */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/events',
    {
      onRequest: app.admit('signedIn'),
      // Opening a stream counts like any other signed-in call (after admit: per account).
      config: perCallerLimit(60, '1 minute'),
      schema: {
        tags: ['live'],
        security: [{ bearer: [] }],
        summary:
          'Server-sent events: changes to the deliveries and notifications the caller may see (resumes after Last-Event-ID; a comment line every ~20 s)',
        response: {
          200: {
            description: 'The caller\u2019s events, as server-sent events',
            content: { 'text/event-stream': { schema: ZEventStream } },
          },
        },
      },
    },
    async (request, reply) => {
      await watchMyUpdates(app.services, actorOf(request), request, reply);
    },
  );
};
export default liveRoutes;
