import { RECEIVABLES_BUCKETS, type TReceivablesBucket, type TReceivablesRow } from '@courier/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { customerAccounts, invoices } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { businessToday, daysBetween } from './business-days.js';
import { INVOICE_READ_FORBIDDEN } from './list-invoices.js';

export const bucketOf = (daysPastDue: number): TReceivablesBucket =>
  daysPastDue <= 0 ? 'current' : daysPastDue <= 30 ? '1-30' : daysPastDue <= 60 ? '31-60' : daysPastDue <= 90 ? '61-90' : '90+';

const empty = () => ({ current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0, total: 0 });

/**
 * Aged receivables as they stood on `asOf` (today by default): each issued invoice's balance that day (payments and
 * credit notes dated after it not yet counted), by days past its due date, per account.
 */
export async function readReceivables(services: Services, actor: Actor, input: { asOf?: string }) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  const asOf = input.asOf ?? businessToday(services.clock.now(), services.env.BUSINESS_TZ);
  const rows = await services.db
    .select({
      accountId: invoices.accountId,
      accountName: customerAccounts.name,
      dueDate: invoices.dueDate,
      balance: sql<number>`${invoices.subtotalCents}
        - coalesce((select sum(c.amount_cents) from credit_notes c where c.invoice_id = ${invoices.id} and c.issued_on <= ${asOf}::date), 0)
        - coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = ${invoices.id} and p.received_on <= ${asOf}::date), 0)`.mapWith(
        Number,
      ),
    })
    .from(invoices)
    .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
    .where(and(inArray(invoices.status, ['issued', 'overdue', 'paid']), lte(invoices.invoiceDate, asOf)));
  const byAccount = new Map<string, TReceivablesRow>();
  const totals = empty();
  for (const r of rows) {
    if (r.balance <= 0 || !r.dueDate) continue;
    const row = byAccount.get(r.accountId) ?? { accountId: r.accountId, accountName: r.accountName, ...empty() };
    byAccount.set(r.accountId, row);
    const bucket = bucketOf(daysBetween(r.dueDate, asOf));
    row[bucket] += r.balance;
    row.total += r.balance;
    totals[bucket] += r.balance;
    totals.total += r.balance;
  }
  const accounts = [...byAccount.values()].sort((a, b) => a.accountName.localeCompare(b.accountName));
  return { asOf, accounts, totals };
}

/** The same figures as CSV, in dollars with two decimals. */
export const RECEIVABLES_CSV_HEADER = ['Account', ...RECEIVABLES_BUCKETS, 'Total'];
