import { ZAuditQuery, ZAuditResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    async (request, reply) => {
      const file = await exportAudit(services, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );

  app.get(
    '/v1/admin/audit',
    { onRequest: app.admit('admin'), schema: { ...schema, querystring: ZAuditQuery, response: { 200: ZAuditResponse } } },
    async (request) => listAudit(services, actorOf(request), request.query),
  );
};
export default auditRoutes;
