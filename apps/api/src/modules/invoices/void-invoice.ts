import { ZInvoiceVoidRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { invoicedDeliveries, invoices } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findInvoice, loadInvoice } from './invoice-json.js';
import { INVOICE_CHANGE_FORBIDDEN } from './run-invoices.js';

/**
 * Void, with a reason: the number stays used (and the invoice stays listed), and its deliveries are released, so the
 * next run invoices them again. An invoice that has taken money is not voided: credit it instead.
 */
export async function voidInvoice(services: Services, actor: Actor, input: { id: string; body: { reason: string } }) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const { reason } = ZInvoiceVoidRequest.parse(input.body);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const { invoice } = await findInvoice(tx, input.id, true);
    if (invoice.status === 'void') throw conflict('This invoice is already void');
    if (invoice.paidCents > 0 || invoice.creditedCents > 0) {
      throw conflict('An invoice with payments or credit notes cannot be voided; issue a credit note instead');
    }
    await tx.update(invoices).set({ status: 'void', voidReason: reason, voidedAt: now, updatedAt: now }).where(eq(invoices.id, invoice.id));
    await tx.delete(invoicedDeliveries).where(eq(invoicedDeliveries.invoiceId, invoice.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.void',
        targetType: 'invoice',
        targetId: invoice.id,
        ip: actor.ip,
        details: { before: { status: invoice.status }, after: { status: 'void', voidReason: reason } },
      },
      now,
    );
  });
  return loadInvoice(services.db, input.id);
}
