import {
  ZAcceptInvitationRequest,
  ZAccountInvitationResponse,
  ZAccountInvitationsResponse,
  ZAccountMemberResponse,
  ZAccountMembersResponse,
  ZAccountPatch,
  ZAccountResponse,
  ZAccountsQuery,
  ZAccountsResponse,
  ZCreateAccountRequest,
  ZIdParams,
  ZInvitationPreviewResponse,
  ZInvitationTokenQuery,
  ZInviteMemberRequest,
  ZMemberParams,
  ZMemberPatch,
  ZMessageResponse,
  ZMyAccountResponse,
  ZRegisterByInvitationRequest,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitResponse } from '../../plugins/errors.js';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { RATE_LIMITS } from '../../platform/auth-policy.js';
import { acceptInvitation } from './accept-invitation.js';
import { changeMemberRole } from './change-member-role.js';
import { createAccount } from './create-account.js';
import { inviteMember } from './invite-member.js';
import { listInvitations } from './list-invitations.js';
import { listMembers } from './list-members.js';
import { previewInvitation } from './preview-invitation.js';
import { registerByInvitation } from './register-by-invitation.js';
import { removeMember } from './remove-member.js';
import { revokeInvitation } from './revoke-invitation.js';
import { getAccount } from './get-account.js';
import { getMyAccount } from './get-my-account.js';
import { listAccounts } from './list-accounts.js';
import { updateAccount } from './update-account.js';

const perAddress = (limit: { max: number; timeWindow: number }) => ({ rateLimit: { ...limit, errorResponseBuilder: rateLimitResponse() } });

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

  // Members and invitations: the account's owners manage them; the invited accept.
  app.get(
    '/v1/account/members',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: "The account's people and their roles (owners only).",
        response: { 200: ZAccountMembersResponse },
      },
    },
    async (request) => listMembers(services, actorOf(request)),
  );
  app.post(
    '/v1/account/members',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: 'Invites someone by e-mail with a role (owners only); replaces a pending invitation to the same e-mail.',
        body: ZInviteMemberRequest,
        response: { 201: ZAccountInvitationResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(services, actorOf(request), request.body)),
  );
  app.patch(
    '/v1/account/members/:userId',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: "Changes a person's role (owners only); 409 LAST_OWNER when it would leave no owner.",
        params: ZMemberParams,
        body: ZMemberPatch,
        response: { 200: ZAccountMemberResponse },
      },
    },
    async (request) => changeMemberRole(services, actorOf(request), { userId: request.params.userId, patch: request.body }),
  );
  app.delete(
    '/v1/account/members/:userId',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description:
          'Removes a person (owners only): they get an account of their own; their past deliveries stay billed to this one. 409 LAST_OWNER for the last owner.',
        params: ZMemberParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => removeMember(services, actorOf(request), { userId: request.params.userId }),
  );
  app.get(
    '/v1/account/invitations',
    {
      onRequest: app.admit('customer'),
      schema: { tags, security, description: 'Pending invitations (owners only).', response: { 200: ZAccountInvitationsResponse } },
    },
    async (request) => listInvitations(services, actorOf(request)),
  );
  app.delete(
    '/v1/account/invitations/:id',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description: 'Withdraws a pending invitation (owners only).',
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => revokeInvitation(services, actorOf(request), { id: request.params.id }),
  );
  app.get(
    '/v1/account/invitations/preview',
    {
      config: perAddress(RATE_LIMITS.resetPassword),
      schema: {
        tags,
        description: 'What an invitation link is for (public: the link is the credential).',
        querystring: ZInvitationTokenQuery,
        response: { 200: ZInvitationPreviewResponse },
      },
    },
    async (request) => previewInvitation(services, anonymousOf(request), request.query),
  );
  app.post(
    '/v1/account/invitations/accept',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags,
        security,
        description:
          'A signed-in customer joins the inviting account. Their earlier deliveries stay billed to their old account; the last owner of an account with other people cannot leave (409 LAST_OWNER).',
        body: ZAcceptInvitationRequest,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ account: z.object({ _id: z.string(), name: z.string() }), member: ZAccountMemberResponse.shape.data }),
          }),
        },
      },
    },
    async (request) => acceptInvitation(services, actorOf(request), request.body),
  );
  app.post(
    '/v1/account/invitations/register',
    {
      config: perAddress(RATE_LIMITS.resetPassword),
      schema: {
        tags,
        description: 'A new person sets their name and password through the link and becomes a customer of the account.',
        body: ZRegisterByInvitationRequest,
        response: { 201: ZMessageResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await registerByInvitation(services, anonymousOf(request), request.body)),
  );
  app.post(
    '/v1/admin/accounts',
    {
      onRequest: app.admit('admin'),
      schema: {
        tags,
        security,
        description: 'Opens an account by hand; its first owner is invited by e-mail.',
        body: ZCreateAccountRequest,
        response: { 201: ZAccountResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await createAccount(services, actorOf(request), request.body)),
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
