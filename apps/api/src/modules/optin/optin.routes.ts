import { ZAdminOptinsQuery, ZAdminOptinsResponse, ZOptinBody, ZOptinResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { listOptins } from './list-optins.js';
import { recordOptin } from './record-optin.js';

/** Public SMS / e-mail opt-in from the opt-in page and the landing banner; the staff's list of consents. */
const optinRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('staff') };
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.post(
    '/v1/optform',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['optin'],
        summary: "Record SMS / e-mail / service-update consent for a phone (source 'page' or 'banner')",
        body: ZOptinBody,
        response: { 200: ZOptinResponse },
      },
    },
    async (request) => {
      const { message } = await recordOptin(services, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, message };
    },
  );

  app.get(
    '/v1/admin/optins',
    { ...common, schema: { ...schema, querystring: ZAdminOptinsQuery, response: { 200: ZAdminOptinsResponse } } },
    async (request) => listOptins(services, actorOf(request), request.query),
  );
};
export default optinRoutes;
