import {
  ZCreateHl7SenderRequest,
  ZCreateHl7SenderResponse,
  ZDeleteHl7SenderResponse,
  ZHl7MessagesResponse,
  ZHl7SendersResponse,
  ZIdParams,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { createHl7Sender } from './create-hl7-sender.js';
import { deleteHl7Sender } from './delete-hl7-sender.js';
import { listHl7Messages } from './list-hl7-messages.js';
import { listHl7Senders } from './list-hl7-senders.js';

/**
 * HL7 v2 senders: the interface engines an account's owners allow to send orders to the MLLP listener
 * (docs/hl7.md). Signed-in owners only; members are refused, another account's sender is not found.
 */
const hl7Routes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['integrations'];
  const security = [{ bearer: [] }];
  const onRequest = app.admit('customer');

  app.get(
    '/v1/integrations/hl7-senders',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: "The account's HL7 senders, and `listener`: the MLLP host and port to point the engine at (null when off).",
        response: { 200: ZHl7SendersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listHl7Senders(services, actorOf(request)),
      listener: app.hl7Listener.address(),
    }),
  );

  app.post(
    '/v1/integrations/hl7-senders',
    {
      onRequest,
      config: perCallerLimit(20, '1 minute'),
      schema: {
        tags,
        security,
        description:
          'Registers an interface engine: its sending facility (MSH-4, unique across accounts), the addresses it connects from (IPs or CIDRs), the saved pickup and recipient addresses its orders are booked between, and optionally the host and port that receive status messages.',
        body: ZCreateHl7SenderRequest,
        response: { 201: ZCreateHl7SenderResponse },
      },
    },
    async (request, reply) => {
      const data = await createHl7Sender(services, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'HL7 sender registered', data });
    },
  );

  app.delete(
    '/v1/integrations/hl7-senders/:id',
    { onRequest, schema: { tags, security, params: ZIdParams, response: { 200: ZDeleteHl7SenderResponse } } },
    async (request) => {
      await deleteHl7Sender(services, actorOf(request), { id: request.params.id });
      return { success: true as const, message: 'HL7 sender removed' };
    },
  );

  app.get(
    '/v1/integrations/hl7-senders/:id/messages',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'The outbound status messages to this sender, newest first (100 at most), with the engine\u2019s ACK code.',
        params: ZIdParams,
        response: { 200: ZHl7MessagesResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listHl7Messages(services, actorOf(request), { id: request.params.id }) }),
  );
};
export default hl7Routes;
