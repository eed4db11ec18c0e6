import { ZDeliveryReportQuery, ZDeliveryReportResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { exportDeliveryReport } from './export-delivery-report.js';
import { readDeliveryReport } from './read-delivery-report.js';

/** Delivery reports: staff see all deliveries (under /admin), a customer their own. */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['reports'];
  const security = [{ bearer: [] }];
  const description =
    'On-time rate, deliveries and average times over booking days (from, to: YYYY-MM-DD in BUSINESS_TZ, both included; the last 30 days by default).';

  for (const [prefix, audience, who] of [
    ['/v1/admin/reports', 'staff', 'Every delivery (STAFF and above), by day, customer or driver.'],
    ['/v1/reports', 'customer', 'The customer’s own deliveries, by day.'],
  ] as const) {
    const common = { onRequest: app.admit(audience) };
    app.get(
      `${prefix}/deliveries`,
      {
        ...common,
        schema: {
          tags,
          security,
          description: `${description} ${who}`,
          querystring: ZDeliveryReportQuery,
          response: { 200: ZDeliveryReportResponse },
        },
      },
      async (request) => ({ success: true as const, data: await readDeliveryReport(services, actorOf(request), request.query) }),
    );
    app.get(
      `${prefix}/deliveries/export.csv`,
      {
        ...common,
        schema: { tags, security, description: `The same report as CSV (text/csv). ${who}`, querystring: ZDeliveryReportQuery },
      },
      async (request, reply) => sendCsv(reply, await exportDeliveryReport(services, actorOf(request), request.query)),
    );
  }
};
export default reportsRoutes;
