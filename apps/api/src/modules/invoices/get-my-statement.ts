import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { customerAccounts, invoicePayments, invoices } from '../../db/schema/index.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { businessToday } from './business-days.js';
import { balanceOf, toInvoiceSummary } from './invoice-json.js';
import { ownedAccountOf } from './owner-account.js';

/** The owner's statement: every open invoice (issued or overdue), the payments of the last year, and the balance. */
export async function getMyStatement(services: Services, actor: Actor) {
  const accountId = await ownedAccountOf(services, actor);
  const asOf = businessToday(services.clock.now(), services.env.BUSINESS_TZ);
  const [account] = await services.db
    .select({ name: customerAccounts.name })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, accountId));
  const open = await services.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), inArray(invoices.status, ['issued', 'overdue'])))
    .orderBy(asc(invoices.dueDate), asc(invoices.number));
  const yearAgo = `${Number(asOf.slice(0, 4)) - 1}${asOf.slice(4)}`;
  const payments = await services.db
    .select({ payment: invoicePayments, number: invoices.number })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoicePayments.receivedOn), desc(invoicePayments.createdAt));
  return {
    accountName: account.name,
    asOf,
    openInvoices: open.map((i) => toInvoiceSummary(i, account.name)),
    payments: payments
      .filter((p) => p.payment.receivedOn >= yearAgo)
      .map(({ payment: p, number }) => ({
        _id: p.id,
        invoiceId: p.invoiceId,
        invoiceNumber: number,
        amountCents: p.amountCents,
        receivedOn: p.receivedOn,
        method: p.method,
        reference: p.reference,
      })),
    balanceCents: open.reduce((sum, i) => sum + balanceOf(i), 0),
  };
}
