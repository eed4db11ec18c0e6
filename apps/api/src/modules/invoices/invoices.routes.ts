import {
  ZCreditNoteRequest,
  ZIdParams,
  ZInvoiceExportQuery,
  ZInvoiceLineAdjustment,
  ZInvoiceLineParams,
  ZInvoiceListQuery,
  ZInvoiceResponse,
  ZInvoiceRunRequest,
  ZInvoiceRunResponse,
  ZInvoicesResponse,
  ZInvoiceVoidRequest,
  ZPageQuery,
  ZPaymentRequest,
  ZReceivablesQuery,
  ZReceivablesResponse,
  ZRepriceResponse,
  ZStatementResponse,
} from '@courier/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { adjustInvoiceLine } from './adjust-invoice-line.js';
import { exportInvoices } from './export-invoices.js';
import { exportReceivables } from './export-receivables.js';
import { getInvoice } from './get-invoice.js';
import { getInvoicePdf } from './get-invoice-pdf.js';
import { getMyInvoice, getMyInvoicePdf } from './get-my-invoice.js';
import { getMyStatement } from './get-my-statement.js';
import { issueCreditNote } from './issue-credit-note.js';
import { issueInvoice } from './issue-invoice.js';
import { listInvoices } from './list-invoices.js';
import { listMyInvoices } from './list-my-invoices.js';
import { readReceivables } from './read-receivables.js';
import { recordPayment } from './record-payment.js';
import { repriceInvoice } from './reprice-invoice.js';
import { runInvoices } from './run-invoices.js';
import { voidInvoice } from './void-invoice.js';

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** Invoices, payments, credit notes and receivables: staff under /admin (managers read, administrators change), the
 * account's owner its own. */
const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['invoices'];
  const security = [{ bearer: [] }];
  const staff = app.admit('staff');
  const customer = app.admit('customer');
  const one = { tags, security, params: ZIdParams, response: { 200: ZInvoiceResponse } };

  app.post(
    '/v1/admin/invoices/run',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description:
          'One draft per account for its priced deliveries finished from..to (BUSINESS_TZ days) and on no live invoice. Running again adds nothing twice.',
        body: ZInvoiceRunRequest,
        response: { 200: ZInvoiceRunResponse },
      },
    },
    async (request) => {
      const data = await runInvoices(services, actorOf(request), request.body);
      return { success: true as const, message: `${data.invoices.length} draft invoice(s), ${data.deliveries} new deliveries`, data };
    },
  );
  app.get(
    '/v1/admin/invoices',
    { onRequest: staff, schema: { tags, security, querystring: ZInvoiceListQuery, response: { 200: ZInvoicesResponse } } },
    async (request) => ({ success: true as const, ...(await listInvoices(services, actorOf(request), request.query)) }),
  );
  app.get(
    '/v1/admin/invoices/export.csv',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'Issued invoices dated from..to, one row per line, in QuickBooks Online or Xero import layout (text/csv).',
        querystring: ZInvoiceExportQuery,
      },
    },
    async (request, reply) => sendCsv(reply, await exportInvoices(services, actorOf(request), request.query)),
  );
  app.get('/v1/admin/invoices/:id', { onRequest: staff, schema: one }, async (request) => ({
    success: true as const,
    data: await getInvoice(services, actorOf(request), { id: request.params.id }),
  }));
  app.get('/v1/admin/invoices/:id/pdf', { onRequest: staff, schema: { tags, security, params: ZIdParams } }, async (request, reply) =>
    sendPdf(reply, await getInvoicePdf(services, actorOf(request), { id: request.params.id })),
  );
  app.get(
    '/v1/admin/invoices/:id/reprice',
    { onRequest: staff, schema: { tags, security, params: ZIdParams, response: { 200: ZRepriceResponse } } },
    async (request) => ({ success: true as const, data: await repriceInvoice(services, actorOf(request), { id: request.params.id }) }),
  );
  app.patch(
    '/v1/admin/invoices/:id/lines/:lineId',
    {
      onRequest: staff,
      schema: { tags, security, params: ZInvoiceLineParams, body: ZInvoiceLineAdjustment, response: { 200: ZInvoiceResponse } },
    },
    async (request) => ({
      success: true as const,
      message: 'Line adjusted',
      data: await adjustInvoiceLine(services, actorOf(request), { ...request.params, body: request.body }),
    }),
  );
  app.post('/v1/admin/invoices/:id/issue', { onRequest: staff, schema: one }, async (request) => ({
    success: true as const,
    message: 'Invoice issued',
    data: await issueInvoice(services, actorOf(request), { id: request.params.id }),
  }));
  app.post('/v1/admin/invoices/:id/void', { onRequest: staff, schema: { ...one, body: ZInvoiceVoidRequest } }, async (request) => ({
    success: true as const,
    message: 'Invoice voided',
    data: await voidInvoice(services, actorOf(request), { id: request.params.id, body: request.body }),
  }));
  app.post(
    '/v1/admin/invoices/:id/payments',
    { onRequest: staff, schema: { ...one, body: ZPaymentRequest, response: { 201: ZInvoiceResponse } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Payment recorded',
        data: await recordPayment(services, actorOf(request), { id: request.params.id, body: request.body }),
      }),
  );
  app.post(
    '/v1/admin/invoices/:id/credit-notes',
    { onRequest: staff, schema: { ...one, body: ZCreditNoteRequest, response: { 201: ZInvoiceResponse } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Credit note issued',
        data: await issueCreditNote(services, actorOf(request), { id: request.params.id, body: request.body }),
      }),
  );
  app.get(
    '/v1/admin/reports/receivables',
    { onRequest: staff, schema: { tags, security, querystring: ZReceivablesQuery, response: { 200: ZReceivablesResponse } } },
    async (request) => ({ success: true as const, data: await readReceivables(services, actorOf(request), request.query) }),
  );
  app.get(
    '/v1/admin/reports/receivables/export.csv',
    { onRequest: staff, schema: { tags, security, description: 'The same figures as CSV (text/csv).', querystring: ZReceivablesQuery } },
    async (request, reply) => sendCsv(reply, await exportReceivables(services, actorOf(request), request.query)),
  );

  app.get(
    '/v1/invoices',
    {
      onRequest: customer,
      schema: {
        tags,
        security,
        description: "The account's invoices, for its owner.",
        querystring: ZPageQuery,
        response: { 200: ZInvoicesResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listMyInvoices(services, actorOf(request), request.query)) }),
  );
  app.get('/v1/invoices/:id', { onRequest: customer, schema: one }, async (request) => ({
    success: true as const,
    data: await getMyInvoice(services, actorOf(request), { id: request.params.id }),
  }));
  app.get('/v1/invoices/:id/pdf', { onRequest: customer, schema: { tags, security, params: ZIdParams } }, async (request, reply) =>
    sendPdf(reply, await getMyInvoicePdf(services, actorOf(request), { id: request.params.id })),
  );
  app.get(
    '/v1/account/statement',
    {
      onRequest: customer,
      schema: {
        tags,
        security,
        description: 'Open invoices, payments of the last year and the balance, for the owner.',
        response: { 200: ZStatementResponse },
      },
    },
    async (request) => ({ success: true as const, data: await getMyStatement(services, actorOf(request)) }),
  );
};
export default invoicesRoutes;
