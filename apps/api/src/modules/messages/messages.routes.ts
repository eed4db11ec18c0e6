import formbody from '@fastify/formbody';
import {
  ZAdminMessagesQuery,
  ZAdminMessagesResponse,
  ZRetryMessageResponse,
  ZLinkTokenParams,
  ZFormFields,
  ZAnyIdParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../platform/app-error.js';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { handleInboundSms } from './handle-inbound-sms.js';
import { listFailedMessages } from './list-failed-messages.js';
import { retryMessage } from './retry-message.js';
import { isValidTwilioSignature } from './twilio-signature.js';
import { unsubscribeAddress, unsubscribeRecipient } from './unsubscribe-recipient.js';
import { unsubscribePage } from './unsubscribe-page.js';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Messages from outside (SMS replies, unsubscribe links) and the admins' failed-message list. */
const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  // Form bodies only here: Twilio's webhook and the one-click unsubscribe POST (RFC 8058).
  await app.register(formbody);

  app.post(
    '/v1/sms/inbound',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['messages'],
        summary: "Twilio's inbound SMS webhook (signed with X-Twilio-Signature): STOP withdraws SMS consent, START renews it",
        body: ZFormFields,
      },
    },
    async (request, reply) => {
      const params = request.body ?? {};
      const url = `${services.publicUrl}${request.url}`;
      const signature = request.headers['x-twilio-signature'];
      if (!isValidTwilioSignature(services.env.TWILIO_AUTH_TOKEN, url, params, typeof signature === 'string' ? signature : undefined)) {
        throw forbidden('Invalid signature');
      }
      await handleInboundSms(services, anonymousOf(request), {
        from: params.From ?? '',
        body: params.Body ?? '',
        messageSid: params.MessageSid || undefined,
      });
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );

  const page = (reply: { code: (n: number) => { type: (t: string) => { send: (b: string) => unknown } } }, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(html);

  app.get(
    '/v1/unsubscribe/:token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['messages'], summary: 'The unsubscribe link opened in a browser: asks to confirm', params: ZLinkTokenParams },
    },
    async (request, reply) => {
      try {
        const email = unsubscribeAddress(services, request.params.token);
        return page(reply, 200, unsubscribePage({ kind: 'confirm', email, action: `/api/v1/unsubscribe/${request.params.token}` }));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return page(reply, 404, unsubscribePage({ kind: 'invalid' }));
        throw err;
      }
    },
  );

  app.post(
    '/v1/unsubscribe/:token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['messages'],
        summary: 'One-click unsubscribe (RFC 8058, List-Unsubscribe=One-Click) and the confirm button of the page',
        params: ZLinkTokenParams,
        body: ZFormFields,
      },
    },
    async (request, reply) => {
      try {
        const email = await unsubscribeRecipient(services, anonymousOf(request), request.params);
        return page(reply, 200, unsubscribePage({ kind: 'done', email }));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return page(reply, 404, unsubscribePage({ kind: 'invalid' }));
        throw err;
      }
    },
  );

  const admin = { onRequest: app.admit('admin') };
  const schema = { tags: ['messages'], security: [{ bearer: [] }] };

  app.get(
    '/v1/admin/messages',
    {
      ...admin,
      schema: {
        ...schema,
        summary: 'Messages the outbox gave up on',
        querystring: ZAdminMessagesQuery,
        response: { 200: ZAdminMessagesResponse },
      },
    },
    async (request) => listFailedMessages(services, actorOf(request), request.query),
  );

  app.post(
    '/v1/admin/messages/:id/retry',
    {
      ...admin,
      schema: {
        ...schema,
        summary: 'Send a failed message again',
        params: ZAnyIdParams,
        response: { 200: ZRetryMessageResponse },
      },
    },
    async (request) => retryMessage(services, actorOf(request), request.params),
  );
};
export default messagesRoutes;
