import {
  ZAnyIdParams,
  ZDiscrepancyListResponse,
  ZDiscrepancyNoteRequest,
  ZDiscrepancyQuery,
  ZDiscrepancyResponse,
  ZDiscrepancyUpdateRequest,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { exportDiscrepancies } from './export-discrepancies.js';
import { listDiscrepancies } from './list-discrepancies.js';
import { printLossReport } from './print-loss-report.js';
import { readDiscrepancy } from './read-discrepancy.js';
import { addDiscrepancyNote, updateDiscrepancy } from './update-discrepancy.js';

/** Discrepancy cases for dispatch (STAFF and above): the list, its CSV, one case, its moves and notes, the loss report. */
const discrepanciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('staff') };
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.get(
    '/v1/admin/discrepancies/export.csv',
    {
      ...common,
      schema: {
        ...schema,
        description: 'The cases of the same filter, every page, as CSV (text/csv); audited.',
        querystring: ZDiscrepancyQuery,
      },
    },
    async (request, reply) => sendCsv(reply, await exportDiscrepancies(services, actorOf(request), request.query)),
  );
  app.get(
    '/v1/admin/discrepancies',
    { ...common, schema: { ...schema, querystring: ZDiscrepancyQuery, response: { 200: ZDiscrepancyListResponse } } },
    async (request) => listDiscrepancies(services, actorOf(request), request.query),
  );
  app.get(
    '/v1/admin/discrepancies/:id',
    { ...common, schema: { ...schema, params: ZAnyIdParams, response: { 200: ZDiscrepancyResponse } } },
    async (request) => readDiscrepancy(services, actorOf(request), { id: request.params.id }),
  );
  app.patch(
    '/v1/admin/discrepancies/:id',
    {
      ...common,
      schema: {
        ...schema,
        description: 'Move a case forward (open, investigating, resolved with a resolution) and/or assign it to a staff account.',
        params: ZAnyIdParams,
        body: ZDiscrepancyUpdateRequest,
        response: { 200: ZDiscrepancyResponse },
      },
    },
    async (request) => updateDiscrepancy(services, actorOf(request), { ...request.body, id: request.params.id }),
  );
  app.post(
    '/v1/admin/discrepancies/:id/notes',
    { ...common, schema: { ...schema, params: ZAnyIdParams, body: ZDiscrepancyNoteRequest, response: { 200: ZDiscrepancyResponse } } },
    async (request) => addDiscrepancyNote(services, actorOf(request), { ...request.body, id: request.params.id }),
  );
  app.get(
    '/v1/admin/discrepancies/:id/loss-report.pdf',
    {
      ...common,
      schema: {
        ...schema,
        description: 'application/pdf: the loss report of a controlled-count case (409 for any other kind).',
        params: ZAnyIdParams,
      },
    },
    async (request, reply) => {
      const report = await printLossReport(services, actorOf(request), { id: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${report.fileName}"`)
        .header('cache-control', 'no-store')
        .send(report.pdf);
    },
  );
};
export default discrepanciesRoutes;
