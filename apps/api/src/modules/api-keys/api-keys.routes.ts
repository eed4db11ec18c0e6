import { ZApiKeysResponse, ZCreateApiKeyRequest, ZCreateApiKeyResponse, ZRevokeApiKeyResponse, ZIdParams } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

/** A customer's API keys, managed from a signed-in session (a key cannot manage keys). */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['api-keys'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/api-keys',
    { onRequest: app.admit('customer'), schema: { tags, security, response: { 200: ZApiKeysResponse } } },
    async (request) => ({ success: true as const, data: await listApiKeys(services, actorOf(request)) }),
  );

  app.post(
    '/v1/api-keys',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(20, '1 minute'),
      schema: {
        tags,
        security,
        description: 'The answer holds `data.secret` (mck_...) once; it is stored only as a hash and cannot be shown again.',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreateApiKeyResponse },
      },
    },
    async (request, reply) => {
      const data = await createApiKey(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'API key created. Copy the secret now: it is shown once.', data });
    },
  );

  app.delete(
    '/v1/api-keys/:id',
    {
      onRequest: app.admit('customer'),
      schema: { tags, security, description: 'Revoked at once.', params: ZIdParams, response: { 200: ZRevokeApiKeyResponse } },
    },
    async (request) => {
      await revokeApiKey(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'API key revoked' };
    },
  );
};
export default apiKeysRoutes;
