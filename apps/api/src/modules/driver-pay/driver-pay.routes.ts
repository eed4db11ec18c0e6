import {
  ZBankAccountRequest,
  ZBankAccountResponse,
  ZEarningsResponse,
  ZIdParams,
  ZPayAdjustmentRequest,
  ZPayItemResponse,
  ZPayItemsResponse,
  ZPayPeriodQuery,
  ZPayRuleRequest,
  ZPayRuleResponse,
  ZPayRulesResponse,
  ZSettlementExportQuery,
  ZSettlementPaidRequest,
  ZSettlementResponse,
  ZSettlementRunRequest,
  ZSettlementRunResponse,
  ZSettlementsQuery,
  ZSettlementsResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf } from '../../plugins/auth.js';
import { addPayAdjustment } from './add-pay-adjustment.js';
import { approveSettlement } from './approve-settlement.js';
import { exportSettlementsCsv } from './export-settlements-csv.js';
import { exportSettlementsNacha } from './export-settlements-nacha.js';
import { getSettlement } from './get-settlement.js';
import { listPayItems } from './list-pay-items.js';
import { listPayRules } from './list-pay-rules.js';
import { listSettlements } from './list-settlements.js';
import { markSettlementPaid } from './mark-settlement-paid.js';
import { readMyEarnings } from './read-my-earnings.js';
import { runSettlements } from './run-settlements.js';
import { getBankAccount, setBankAccount } from './set-bank-account.js';
import { printSettlementStatement } from './settlement-pdf.js';
import { setPayRule } from './set-pay-rule.js';

/** Driver pay: rules, items, adjustments, bank accounts and settlements (staff; the policy lets administrators
 * change and staff read), and a driver's own earnings. */
const driverPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const tags = ['driver-pay'];
  const security = [{ bearer: [] }];
  const staff = app.admit('staff');
  const period = 'Days (from, to: YYYY-MM-DD) are BUSINESS_TZ calendar days, both included.';

  app.get(
    '/v1/admin/drivers/:id/pay-rule',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'The driver’s rule versions and the default’s (id `default`), newest first.',
        params: ZIdParams,
        response: { 200: ZPayRulesResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listPayRules(services, actorOf(request), { driverId: request.params.id }) }),
  );

  app.put(
    '/v1/admin/drivers/:id/pay-rule',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description:
          'Writes the next version of the driver’s pay rule (id `default`: the rule of drivers without one), in force from effectiveFrom (now when absent). ADMIN and SUPER_ADMIN.',
        params: ZIdParams,
        body: ZPayRuleRequest,
        response: { 200: ZPayRuleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Pay rule saved',
      data: await setPayRule(services, actorOf(request), { driverId: request.params.id, rule: request.body }),
    }),
  );

  app.get(
    '/v1/admin/drivers/:id/pay-items',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: period,
        params: ZIdParams,
        querystring: ZPayPeriodQuery,
        response: { 200: ZPayItemsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listPayItems(services, actorOf(request), { driverId: request.params.id, ...request.query }),
    }),
  );

  app.post(
    '/v1/admin/drivers/:id/pay-adjustments',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'A signed amount (cents) for a day, with the reason; audited. ADMIN and SUPER_ADMIN.',
        params: ZIdParams,
        body: ZPayAdjustmentRequest,
        response: { 201: ZPayItemResponse },
      },
    },
    async (request, reply) => {
      const data = await addPayAdjustment(services, actorOf(request), { driverId: request.params.id, adjustment: request.body });
      return reply.status(201).send({ success: true as const, message: 'Adjustment added', data });
    },
  );

  app.get(
    '/v1/admin/drivers/:id/bank-account',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'Masked: the last four digits only.',
        params: ZIdParams,
        response: { 200: ZBankAccountResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getBankAccount(services, actorOf(request), { driverId: request.params.id }),
    }),
  );

  app.put(
    '/v1/admin/drivers/:id/bank-account',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: 'Stored encrypted; answers masked. Routing numbers are checked by their check digit. ADMIN and SUPER_ADMIN.',
        params: ZIdParams,
        body: ZBankAccountRequest,
        response: { 200: ZBankAccountResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Bank account saved',
      data: await setBankAccount(services, actorOf(request), { driverId: request.params.id, account: request.body }),
    }),
  );

  app.post(
    '/v1/admin/settlements/run',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: `One draft per driver with the period’s items not yet settled; running again makes nothing twice. ${period}`,
        body: ZSettlementRunRequest,
        response: { 200: ZSettlementRunResponse },
      },
    },
    async (request) => {
      const created = await runSettlements(services, actorOf(request), request.body);
      const message = created.length
        ? `${created.length} settlement${created.length === 1 ? '' : 's'} drafted`
        : 'Nothing to settle in this period';
      return { success: true as const, message, data: { created } };
    },
  );

  app.get(
    '/v1/admin/settlements',
    { onRequest: staff, schema: { tags, security, querystring: ZSettlementsQuery, response: { 200: ZSettlementsResponse } } },
    async (request) => ({ success: true as const, data: await listSettlements(services, actorOf(request), request.query) }),
  );

  app.get(
    '/v1/admin/settlements/export.csv',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        description: `One row per driver (CSV), or with format=nacha the NACHA PPD credit file of the approved settlements. ${period}`,
        querystring: ZSettlementExportQuery,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format === 'nacha') {
        const file = await exportSettlementsNacha(services, actor, request.query);
        return reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.text);
      }
      return sendCsv(reply, await exportSettlementsCsv(services, actor, request.query));
    },
  );

  app.get(
    '/v1/admin/settlements/:id',
    { onRequest: staff, schema: { tags, security, params: ZIdParams, response: { 200: ZSettlementResponse } } },
    async (request) => ({ success: true as const, data: await getSettlement(services, actorOf(request), { id: request.params.id }) }),
  );

  app.post(
    '/v1/admin/settlements/:id/approve',
    { onRequest: staff, schema: { tags, security, params: ZIdParams, response: { 200: ZSettlementResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Settlement approved',
      data: await approveSettlement(services, actorOf(request), { id: request.params.id }),
    }),
  );

  app.post(
    '/v1/admin/settlements/:id/paid',
    {
      onRequest: staff,
      schema: { tags, security, params: ZIdParams, body: ZSettlementPaidRequest, response: { 200: ZSettlementResponse } },
    },
    async (request) => ({
      success: true as const,
      message: 'Settlement marked paid',
      data: await markSettlementPaid(services, actorOf(request), { id: request.params.id, ...request.body }),
    }),
  );

  // Staff read any statement; the driver reads their own from the app.
  for (const [path, audience] of [
    ['/v1/admin/settlements/:id/pdf', 'staff'],
    ['/v1/driver/settlements/:id/pdf', 'driver'],
  ] as const) {
    app.get(
      path,
      { onRequest: app.admit(audience), schema: { tags, security, description: 'The statement as a PDF.', params: ZIdParams } },
      async (request, reply) => {
        const file = await printSettlementStatement(services, actorOf(request), { id: request.params.id });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.pdf);
      },
    );
  }

  app.get(
    '/v1/driver/earnings',
    {
      onRequest: app.admit('driver'),
      schema: {
        tags,
        security,
        description: `The signed-in driver’s own items, totals and statements. ${period}`,
        querystring: ZPayPeriodQuery,
        response: { 200: ZEarningsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await readMyEarnings(services, actorOf(request), request.query) }),
  );
};
export default driverPayRoutes;
