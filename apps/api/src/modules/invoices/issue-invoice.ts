import { COMPANY } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { composeEmail } from '../../platform/email.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { dollars } from '../billing/money.js';
import { businessToday, plusDays } from './business-days.js';
import { takeDocumentNumber } from './document-number.js';
import { findInvoice, loadInvoice } from './invoice-json.js';
import { invoicePdfFile } from './invoice-pdf-file.js';
import { INVOICE_CHANGE_FORBIDDEN } from './run-invoices.js';

/** Where the account's owner opens an invoice (and its PDF) in the web app. */
export const ownerInvoiceUrl = (publicUrl: string, id: string) => `${publicUrl}/account/invoices/${id}`;

/**
 * A draft becomes a bill: the next number of the year's gapless sequence, today's date, the due date from the
 * account's terms, and an e-mail to the billing address with the invoice's PDF attached, all in one transaction.
 */
export async function issueInvoice(services: Services, actor: Actor, input: { id: string }) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const now = services.clock.now();
  const today = businessToday(now, services.env.BUSINESS_TZ);
  await services.db.transaction(async (tx) => {
    const { invoice, account } = await findInvoice(tx, input.id, true);
    if (invoice.status !== 'draft') throw conflict(`This invoice is already ${invoice.status}`);
    const number = await takeDocumentNumber(tx, 'INV', Number(today.slice(0, 4)));
    const dueDate = plusDays(today, account.paymentTermsDays);
    const after = { status: 'issued' as const, number, invoiceDate: today, dueDate, termsDays: account.paymentTermsDays };
    await tx
      .update(invoices)
      .set({ ...after, status: invoice.subtotalCents === 0 ? 'paid' : 'issued', issuedAt: now, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    // The PDF as issued (its number, dates and lines), rendered in the transaction so the message carries this very bill.
    const { pdf, fileName } = await invoicePdfFile(services, await loadInvoice(tx, invoice.id));
    await enqueueEmail(
      tx,
      {
        ...composeEmail({
          to: account.billingEmail,
          subject: `Invoice ${number} from ${COMPANY.name}`,
          paragraphs: [
            `Invoice ${number} for ${account.name}, deliveries from ${invoice.periodFrom} to ${invoice.periodTo}.`,
            `Amount due: ${dollars(invoice.subtotalCents - invoice.creditedCents - invoice.paidCents)}, by ${dueDate} (net ${account.paymentTermsDays} days).`,
            'The invoice is attached as a PDF; each line says what it charges and why. It is also on the invoice page.',
          ],
          action: { label: 'View the invoice', href: ownerInvoiceUrl(services.publicUrl, invoice.id) },
        }),
        attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
      },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.issue',
        targetType: 'invoice',
        targetId: invoice.id,
        ip: actor.ip,
        details: { before: { status: invoice.status, number: null }, after },
      },
      now,
    );
  });
  return loadInvoice(services.db, input.id);
}
