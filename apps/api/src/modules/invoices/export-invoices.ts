import {
  QUICKBOOKS_INVOICE_HEADERS,
  type TInvoiceExportQuery,
  type TPriceLineCode,
  XERO_INVOICE_HEADERS,
  ZInvoiceExportQuery,
} from '@courier/contract';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { customerAccounts, invoiceLines, invoices } from '../../db/schema/index.js';
import { auditRead } from '../../platform/audit.js';
import { forbidden } from '../../platform/app-error.js';
import { toCsv } from '../../platform/csv.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { decimalCents } from './decimal-cents.js';
import { INVOICE_READ_FORBIDDEN } from './list-invoices.js';

/** The product or service each charge is booked to in the accounting tool. */
export const ITEM_OF: Record<TPriceLineCode, string> = {
  base: 'Delivery',
  fuel: 'Fuel surcharge',
  stat: 'STAT surcharge',
  size: 'Package size surcharge',
  temperature: 'Temperature control',
  specimen: 'Specimen handling',
  controlled: 'Controlled substance handling',
  after_hours: 'After-hours surcharge',
  weekend: 'Weekend surcharge',
  wait_time: 'Wait time',
  failed_attempt: 'Failed attempt',
  return: 'Return to sender',
};

/** YYYY-MM-DD -> MM/DD/YYYY, as QuickBooks Online and a US Xero organisation read dates. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * Issued invoices dated from..to in the accounting tool's own import layout, one row per line (each surcharge its own
 * row), amounts as decimals with two places. Drafts and void invoices are never exported.
 */
export async function exportInvoices(services: Services, actor: Actor, input: TInvoiceExportQuery) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  const q = ZInvoiceExportQuery.parse(input);
  const rows = await services.db
    .select({ invoice: invoices, account: customerAccounts, line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
    .where(and(inArray(invoices.status, ['issued', 'overdue', 'paid']), gte(invoices.invoiceDate, q.from), lte(invoices.invoiceDate, q.to)))
    .orderBy(asc(invoices.number), asc(invoiceLines.position));
  const memo = (l: typeof invoiceLines.$inferSelect) =>
    [l.trackingNumber, l.reference ? `PO ${l.reference}` : '', l.route].filter(Boolean).join(' | ');
  const csv =
    q.format === 'quickbooks'
      ? toCsv(
          QUICKBOOKS_INVOICE_HEADERS,
          rows.map(({ invoice: i, account: a, line: l }) => [
            i.number,
            a.name,
            usDate(i.invoiceDate ?? ''),
            usDate(i.dueDate ?? ''),
            `Net ${i.termsDays}`,
            usDate(l.serviceDate),
            ITEM_OF[l.code],
            l.description,
            1,
            decimalCents(l.amountCents),
            decimalCents(l.amountCents),
            memo(l),
          ]),
        )
      : toCsv(
          XERO_INVOICE_HEADERS,
          rows.map(({ invoice: i, account: a, line: l }) => [
            a.name,
            a.billingEmail,
            i.number,
            l.reference ?? '',
            usDate(i.invoiceDate ?? ''),
            usDate(i.dueDate ?? ''),
            `${ITEM_OF[l.code]}: ${l.description} (${l.trackingNumber}, ${usDate(l.serviceDate)})`,
            1,
            decimalCents(l.amountCents),
            services.env.XERO_SALES_ACCOUNT_CODE,
            'Tax Exempt',
            'USD',
          ]),
        );
  await auditRead(services, actor, 'invoice.export', { targetType: 'invoice', from: q.from, to: q.to, format: q.format });
  return { csv, fileName: `invoices-${q.format}-${q.from}-${q.to}.csv` };
}
