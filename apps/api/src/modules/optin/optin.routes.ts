import { ZOptinBody, ZOptinResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordOptin } from './record-optin.js';

/** Public SMS / e-mail opt-in from the opt-in page and the landing banner. */
const optinRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { message } = await recordOptin(app.services, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, message };
    },
  );
};
export default optinRoutes;
