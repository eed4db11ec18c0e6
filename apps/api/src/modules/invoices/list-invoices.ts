import { type TInvoiceListQuery, ZInvoiceListQuery } from '@courier/contract';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { customerAccounts, invoices } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { toInvoiceSummary } from './invoice-json.js';

export const INVOICE_READ_FORBIDDEN = 'Only a manager or an administrator can see invoices';

/** Staff's list: newest period first, filtered by status, account and a period that touches from..to. */
export async function listInvoices(services: Services, actor: Actor, input: Partial<TInvoiceListQuery>) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  const q = ZInvoiceListQuery.parse(input);
  const where: SQL[] = [];
  if (q.status) where.push(eq(invoices.status, q.status));
  if (q.accountId) {
    if (!isUuid(q.accountId)) return { data: [], paging: { page: q.page, limit: q.limit, total: 0, totalPages: 0 } };
    where.push(eq(invoices.accountId, q.accountId));
  }
  if (q.from) where.push(gte(invoices.periodTo, q.from));
  if (q.to) where.push(lte(invoices.periodFrom, q.to));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    services.db
      .select({ invoice: invoices, accountName: customerAccounts.name })
      .from(invoices)
      .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
      .where(filter)
      .orderBy(desc(invoices.periodTo), desc(invoices.number), customerAccounts.name, invoices.id)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    services.db.select({ total: count() }).from(invoices).where(filter),
  ]);
  return {
    data: rows.map((r) => toInvoiceSummary(r.invoice, r.accountName)),
    paging: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}
