import { ZPageQuery } from '@courier/contract';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { customerAccounts, invoices } from '../../db/schema/index.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toInvoiceSummary } from './invoice-json.js';
import { ownedAccountOf } from './owner-account.js';

/** The owner's invoices (issued, overdue, paid and void; drafts stay with staff), newest first. */
export async function listMyInvoices(services: Services, actor: Actor, input: { page?: number; limit?: number }) {
  const accountId = await ownedAccountOf(services, actor);
  const q = ZPageQuery.parse(input);
  const filter = and(eq(invoices.accountId, accountId), ne(invoices.status, 'draft'));
  const [rows, [{ total }]] = await Promise.all([
    services.db
      .select({ invoice: invoices, accountName: customerAccounts.name })
      .from(invoices)
      .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
      .where(filter)
      .orderBy(desc(invoices.invoiceDate), desc(invoices.number))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    services.db.select({ total: count() }).from(invoices).where(filter),
  ]);
  return {
    data: rows.map((r) => toInvoiceSummary(r.invoice, r.accountName)),
    paging: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}
