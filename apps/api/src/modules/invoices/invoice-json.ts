import type { TInvoice, TInvoiceSummary } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { creditNotes, customerAccounts, invoiceLines, invoicePayments, invoices } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export type InvoiceRow = typeof invoices.$inferSelect;

export const balanceOf = (i: Pick<InvoiceRow, 'subtotalCents' | 'creditedCents' | 'paidCents'>) =>
  i.subtotalCents - i.creditedCents - i.paidCents;

export const toInvoiceSummary = (i: InvoiceRow, accountName: string): TInvoiceSummary => ({
  _id: i.id,
  accountId: i.accountId,
  accountName,
  status: i.status,
  number: i.number,
  periodFrom: i.periodFrom,
  periodTo: i.periodTo,
  invoiceDate: i.invoiceDate,
  dueDate: i.dueDate,
  subtotalCents: i.subtotalCents,
  creditedCents: i.creditedCents,
  paidCents: i.paidCents,
  balanceCents: balanceOf(i),
  voidReason: i.voidReason,
});

/** The invoice row and its account; 404 for an unknown or malformed id. `forUpdate` holds the invoice row. */
export async function findInvoice(db: DbOrTx, id: string, forUpdate = false) {
  if (!isUuid(id)) throw notFound(INVOICE_NOT_FOUND);
  const query = db
    .select({ invoice: invoices, account: customerAccounts })
    .from(invoices)
    .innerJoin(customerAccounts, eq(customerAccounts.id, invoices.accountId))
    .where(eq(invoices.id, id));
  const [row] = forUpdate ? await query.for('update', { of: invoices }) : await query;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** The whole invoice: its lines in delivery order, its payments and credit notes. */
export async function loadInvoice(db: DbOrTx, id: string): Promise<TInvoice> {
  const { invoice, account } = await findInvoice(db, id);
  const [lines, payments, credits] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.createdAt)),
    db.select().from(creditNotes).where(eq(creditNotes.invoiceId, id)).orderBy(asc(creditNotes.number)),
  ]);
  return {
    ...toInvoiceSummary(invoice, account.name),
    termsDays: invoice.termsDays,
    billingEmail: account.billingEmail,
    billingAddress: account.billingAddress,
    lines: lines.map((l) => ({
      _id: l.id,
      deliveryId: l.deliveryId,
      trackingNumber: l.trackingNumber,
      date: l.serviceDate,
      reference: l.reference,
      route: l.route,
      code: l.code,
      description: l.description,
      amountCents: l.amountCents,
      pricedCents: l.pricedCents,
      adjustmentReason: l.adjustmentReason,
    })),
    payments: payments.map((p) => ({
      _id: p.id,
      invoiceId: p.invoiceId,
      amountCents: p.amountCents,
      receivedOn: p.receivedOn,
      method: p.method,
      reference: p.reference,
    })),
    creditNotes: credits.map((c) => ({
      _id: c.id,
      invoiceId: c.invoiceId,
      number: c.number,
      amountCents: c.amountCents,
      reason: c.reason,
      issuedOn: c.issuedOn,
    })),
  };
}
