import { ZAccountPatch, ZAccountResponse, ZAccountsQuery, ZAccountsResponse, ZIdParams, ZMyAccountResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { getAccount } from './get-account.js';
import { getMyAccount } from './get-my-account.js';
import { listAccounts } from './list-accounts.js';
import { updateAccount } from './update-account.js';

/** Customer accounts: the organisation that pays. A customer reads their own; staff list and set terms. */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['accounts'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/account',
    {
      onRequest: app.admit('customer'),
      schema: { tags, security, description: "The caller's account and their role in it.", response: { 200: ZMyAccountResponse } },
    },
    async (request) => ({ success: true as const, data: await getMyAccount(services, actorOf(request)) }),
  );

  app.get(
    '/v1/admin/accounts',
    { onRequest: app.admit('staff'), schema: { tags, security, querystring: ZAccountsQuery, response: { 200: ZAccountsResponse } } },
    async (request) => ({ success: true as const, ...(await listAccounts(services, actorOf(request), request.query)) }),
  );

  app.get(
    '/v1/admin/accounts/:id',
    { onRequest: app.admit('staff'), schema: { tags, security, params: ZIdParams, response: { 200: ZAccountResponse } } },
    async (request) => ({ success: true as const, data: await getAccount(services, actorOf(request), { id: request.params.id }) }),
  );

  app.patch(
    '/v1/admin/accounts/:id',
    {
      onRequest: app.admit('staff'),
      schema: { tags, security, params: ZIdParams, body: ZAccountPatch, response: { 200: ZAccountResponse } },
    },
    async (request) => {
      const data = await updateAccount(services, actorOf(request), { id: request.params.id, patch: request.body });
      return { success: true as const, message: 'Account saved', data };
    },
  );
};
export default accountsRoutes;
