import {
  ZCreateSavedAddressRequest,
  ZDeleteSavedAddressResponse,
  ZSavedAddressesResponse,
  ZSavedAddressResponse,
  ZUpdateSavedAddressRequest,
  ZIdParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { deleteSavedAddress } from './delete-saved-address.js';
import { listSavedAddresses } from './list-saved-addresses.js';
import { renameSavedAddress } from './rename-saved-address.js';
import { saveAddress } from './save-address.js';

/** The customer's address book; another customer's entry answers 404 like an unknown one. */
const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['addresses'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/addresses',
    { onRequest: app.admit('customer'), schema: { tags, security, response: { 200: ZSavedAddressesResponse } } },
    async (request) => ({ success: true as const, data: await listSavedAddresses(services, actorOf(request)) }),
  );

  app.post(
    '/v1/addresses',
    {
      onRequest: app.admit('customer'),
      config: perCallerLimit(60, '1 minute'),
      schema: { tags, security, body: ZCreateSavedAddressRequest, response: { 201: ZSavedAddressResponse } },
    },
    async (request, reply) => {
      const data = await saveAddress(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Address saved', data });
    },
  );

  app.patch(
    '/v1/addresses/:id',
    {
      onRequest: app.admit('customer'),
      schema: { tags, security, params: ZIdParams, body: ZUpdateSavedAddressRequest, response: { 200: ZSavedAddressResponse } },
    },
    async (request) => ({
      success: true as const,
      message: 'Address renamed',
      data: await renameSavedAddress(services, actorOf(request), { id: request.params.id, ...request.body }),
    }),
  );

  app.delete(
    '/v1/addresses/:id',
    { onRequest: app.admit('customer'), schema: { tags, security, params: ZIdParams, response: { 200: ZDeleteSavedAddressResponse } } },
    async (request) => {
      await deleteSavedAddress(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'Address deleted' };
    },
  );
};
export default addressesRoutes;
