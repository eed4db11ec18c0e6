import formbody from '@fastify/formbody';
import { ZErrorBody, ZSmartTokenError, ZSmartTokenResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeClientAssertion, SmartTokenError } from './exchange-client-assertion.js';
import { smartConfiguration } from './smart-configuration.js';

/** Per address: a lab's engine asks once every few minutes; a flood of assertions is someone guessing. */
const TOKEN_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

const ZSmartConfiguration = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  capabilities: z.array(z.string()),
});

/** SMART Backend Services: the token endpoint and its discovery document (outside /api, beside the FHIR base). */
const smartAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['fhir'];
  // application/x-www-form-urlencoded, as OAuth 2.0 posts it (JSON is read too).
  await app.register(formbody);

  app.post(
    '/fhir/r4/auth/token',
    {
      config: { rateLimit: TOKEN_RATE_LIMIT },
      schema: {
        tags,
        description:
          'SMART Backend Services token endpoint (form-encoded): `grant_type=client_credentials`, `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer`, `client_assertion` (a JWT signed RS384 or ES384 by a registered key: iss = sub = client_id, aud = this URL, exp at most 5 minutes ahead, a unique jti) and `scope`. Errors follow RFC 6749.',
        // A body our parsers refuse (bad JSON) answers the one error body.
        response: { 200: ZSmartTokenResponse, 400: z.union([ZSmartTokenError, ZErrorBody]), 401: ZSmartTokenError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        const form = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
        return await exchangeClientAssertion(services, form);
      } catch (err) {
        if (err instanceof SmartTokenError) return reply.status(err.status).send(err.body);
        throw err;
      }
    },
  );

  for (const url of ['/fhir/r4/.well-known/smart-configuration', '/.well-known/smart-configuration']) {
    app.get(
      url,
      {
        schema: {
          tags,
          description: 'SMART configuration: how to get a token (Backend Services).',
          response: { 200: ZSmartConfiguration },
        },
      },
      async () => smartConfiguration(services.publicUrl),
    );
  }
};
export default smartAuthRoutes;
