import {
  ZCreateFhirClientRequest,
  ZCreateFhirClientResponse,
  ZDeleteFhirClientResponse,
  ZFhirClientsResponse,
  ZIdParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { createFhirClient } from './create-fhir-client.js';
import { deleteFhirClient } from './delete-fhir-client.js';
import { listFhirClients } from './list-fhir-clients.js';

/** An account's FHIR clients (SMART Backend Services), managed by its owners from a signed-in session. */
const fhirClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['integrations'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/integrations/fhir-clients',
    {
      onRequest: app.admit('customer'),
      schema: { tags, security, description: "The account's FHIR clients (owners).", response: { 200: ZFhirClientsResponse } },
    },
    async (request) => ({ success: true as const, data: await listFhirClients(services, actorOf(request)) }),
  );

  app.post(
    '/v1/integrations/fhir-clients',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(20, '1 minute'),
      schema: {
        tags,
        security,
        description:
          'Registers a lab system for SMART Backend Services with its public keys (`jwks`: at least one RSA key for RS384 or P-384 EC key for ES384, each with a `kid`; no private key material). The answer\u2019s `clientId` is the `iss` and `sub` of its assertions to `tokenUrl`.',
        body: ZCreateFhirClientRequest,
        response: { 201: ZCreateFhirClientResponse },
      },
    },
    async (request, reply) => {
      const data = await createFhirClient(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'FHIR client registered', data });
    },
  );

  app.delete(
    '/v1/integrations/fhir-clients/:id',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: 'Deleted at once: its tokens stop working.',
        params: ZIdParams,
        response: { 200: ZDeleteFhirClientResponse },
      },
    },
    async (request) => {
      await deleteFhirClient(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'FHIR client deleted' };
    },
  );
};
export default fhirClientsRoutes;
