import { ZInviteUserRequest, ZManagedUserResponse, ZUpdateUserRequest, ZUsersQuery, ZUsersResponse, ZAnyIdParams } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { inviteUser } from './invite-user.js';
import { listUsers } from './list-users.js';
import { updateUser } from './update-user.js';

/** Account management (ADMIN and above): list, invite, change role, turn off or on. No call deletes. */
const manageUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('admin') };
  const schema = { tags: ['users'], security: [{ bearer: [] }] };

  app.get(
    '/v1/admin/users',
    { ...common, schema: { ...schema, querystring: ZUsersQuery, response: { 200: ZUsersResponse } } },
    async (request) => listUsers(services, actorOf(request), request.query),
  );

  app.post(
    '/v1/admin/users',
    {
      ...common,
      schema: {
        ...schema,
        description: 'Creates a staff or driver account and e-mails an invitation to set its password.',
        body: ZInviteUserRequest,
        response: { 201: ZManagedUserResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(services, actorOf(request), request.body)),
  );

  app.patch(
    '/v1/admin/users/:id',
    {
      ...common,
      schema: {
        ...schema,
        params: ZAnyIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZManagedUserResponse },
      },
    },
    async (request) => updateUser(services, actorOf(request), { ...request.body, userId: request.params.id }),
  );
};
export default manageUsersRoutes;
