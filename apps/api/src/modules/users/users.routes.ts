import { ZDeleteAccountResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { deleteAccount } from './delete-account.js';

/** The signed-in user's own account; staff management of users lives under /v1/admin/users. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/v1/users/me',
    { onRequest: app.admit('signedIn'), schema: { tags: ['users'], response: { 200: ZDeleteAccountResponse } } },
    async (request) => deleteAccount(app.services, actorOf(request)),
  );
};
export default usersRoutes;
