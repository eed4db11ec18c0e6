import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withAudience } from '../../plugins/auth.js';
import { capabilityStatement } from './capability-statement.js';
import { createSubscription } from './create-subscription.js';
import { createTask } from './create-task.js';
import { deleteSubscription } from './delete-subscription.js';
import { FHIR_BASE_PATH, FHIR_JSON } from '../fhir-task/fhir-codes.js';
import { type FhirCaller, resolveFhirCaller } from './fhir-caller.js';
import { operationOutcome, outcomeOfError } from './operation-outcome.js';
import { readSubscription, searchSubscriptions } from './read-subscriptions.js';
import { readTask } from './read-task.js';
import { searchTasks } from './search-tasks.js';
import { updateSubscription } from './update-subscription.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The FHIR API's caller, set by its onRequest hook (fhir-caller.ts). */
    fhirCaller: FhirCaller | null;
  }
}

const callerOf = (request: FastifyRequest): FhirCaller => {
  if (!request.fhirCaller) throw new Error('FHIR route without its caller hook');
  return request.fhirCaller;
};

/**
 * FHIR R4 at /fhir/r4 (docs/fhir.md): Task (create, read, search) and Subscription (rest-hook). Its own content type,
 * errors (OperationOutcome) and 404s; hidden from the OpenAPI document, which is the JSON API's.
 */
const fhirRoutes: FastifyPluginAsync = async (app) => {
  const services = app.services;
  app.decorateRequest('fhirCaller', null);
  app.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler((err, request, reply) => {
    const { status, body, headers } = outcomeOfError(err);
    if (status >= 500) request.log.error({ err }, 'FHIR request failed');
    if (headers) reply.headers(headers);
    return reply.status(status).type(FHIR_JSON).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type(FHIR_JSON)
      .send(operationOutcome(404, [{ message: `No FHIR interaction at ${request.method} ${request.url.split('?')[0]}` }])),
  );
  const caller = withAudience('customer', async (request: FastifyRequest) => {
    request.fhirCaller = await resolveFhirCaller(app, request);
  });
  const schema = { hide: true };
  const fhir = (reply: FastifyReply, status: number, resource: unknown) => reply.status(status).type(FHIR_JSON).send(resource);

  app.get('/metadata', { schema }, async (_request, reply) =>
    fhir(reply, 200, capabilityStatement(services.publicUrl, services.clock.now())),
  );

  app.post('/Task', { schema, onRequest: caller }, async (request, reply) => {
    const ifNoneExist = request.headers['if-none-exist'];
    const { created, task } = await createTask(
      services,
      callerOf(request),
      request.body,
      typeof ifNoneExist === 'string' ? ifNoneExist : undefined,
    );
    reply.header('location', `${services.publicUrl}${FHIR_BASE_PATH}/Task/${task.id}`);
    reply.header('last-modified', new Date(task.meta.lastUpdated).toUTCString());
    return fhir(reply, created ? 201 : 200, task);
  });

  app.get<{ Params: { id: string } }>('/Task/:id', { schema, onRequest: caller }, async (request, reply) => {
    const task = await readTask(services, callerOf(request), request.params.id);
    reply.header('last-modified', new Date(task.meta.lastUpdated).toUTCString());
    return fhir(reply, 200, task);
  });

  app.get('/Task', { schema, onRequest: caller }, async (request, reply) =>
    fhir(reply, 200, await searchTasks(services, callerOf(request), request.query as Record<string, unknown>)),
  );

  app.post('/Subscription', { schema, onRequest: caller }, async (request, reply) => {
    const sub = await createSubscription(services, callerOf(request), request.body);
    reply.header('location', `${services.publicUrl}${FHIR_BASE_PATH}/Subscription/${sub.id}`);
    return fhir(reply, 201, sub);
  });

  app.get('/Subscription', { schema, onRequest: caller }, async (request, reply) =>
    fhir(reply, 200, await searchSubscriptions(services, callerOf(request))),
  );

  app.get<{ Params: { id: string } }>('/Subscription/:id', { schema, onRequest: caller }, async (request, reply) =>
    fhir(reply, 200, await readSubscription(services, callerOf(request), request.params.id)),
  );

  app.put<{ Params: { id: string } }>('/Subscription/:id', { schema, onRequest: caller }, async (request, reply) =>
    fhir(reply, 200, await updateSubscription(services, callerOf(request), request.params.id, request.body)),
  );

  app.delete<{ Params: { id: string } }>('/Subscription/:id', { schema, onRequest: caller }, async (request, reply) => {
    await deleteSubscription(services, callerOf(request), request.params.id);
    return reply.status(204).send();
  });
};
export default fhirRoutes;
