import { ZAuditQuery, ZAuditResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { exportAudit } from './export-audit.js';
import { listAudit } from './list-audit.js';

/** The audit log, for admins: a page of it, or all of a query as CSV. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const schema = { tags: ['dispatch'], security: [{ bearer: [] }] };

  app.get(
    '/v1/admin/audit/export.csv',
    {
      onRequest: app.admit('admin'),
      schema: {
        ...schema,
        description: 'The audit log for the same query, every page, as CSV (text/csv); each export is audited.',
        querystring: ZAuditQuery,
      },
    },
    async (request, reply) => sendCsv(reply, await exportAudit(services, actorOf(request), request.query)),
  );

  app.get(
    '/v1/admin/audit',
    { onRequest: app.admit('admin'), schema: { ...schema, querystring: ZAuditQuery, response: { 200: ZAuditResponse } } },
    async (request) => listAudit(services, actorOf(request), request.query),
  );
};
export default auditRoutes;
