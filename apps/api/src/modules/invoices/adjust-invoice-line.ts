import { type TInvoiceLineAdjustment, ZInvoiceLineAdjustment } from '@courier/contract';
import { and, eq, sql } from 'drizzle-orm';
import { invoiceLines, invoices } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { isUuid } from '../../shared/ids.js';
import { findInvoice, loadInvoice } from './invoice-json.js';
import { INVOICE_CHANGE_FORBIDDEN } from './run-invoices.js';

export const LINE_NOT_FOUND = 'Invoice line not found';

/** Review before issue: a draft's line takes a new amount with the reason; the subtotal follows. */
export async function adjustInvoiceLine(
  services: Services,
  actor: Actor,
  input: { id: string; lineId: string; body: TInvoiceLineAdjustment },
) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const body = ZInvoiceLineAdjustment.parse(input.body);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const { invoice } = await findInvoice(tx, input.id, true);
    if (!isUuid(input.lineId)) throw notFound(LINE_NOT_FOUND);
    const [line] = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.id, input.lineId), eq(invoiceLines.invoiceId, invoice.id)));
    if (!line) throw notFound(LINE_NOT_FOUND);
    if (invoice.status !== 'draft') throw conflict('Only a draft invoice can be corrected; issue a credit note instead');
    await tx.update(invoiceLines).set({ amountCents: body.amountCents, adjustmentReason: body.reason }).where(eq(invoiceLines.id, line.id));
    await tx
      .update(invoices)
      .set({ subtotalCents: sql`${invoices.subtotalCents} + ${body.amountCents - line.amountCents}`, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.adjust_line',
        targetType: 'invoice',
        targetId: invoice.id,
        ip: actor.ip,
        details: {
          lineId: line.id,
          before: { amountCents: line.amountCents, reason: line.adjustmentReason },
          after: { amountCents: body.amountCents, reason: body.reason },
        },
      },
      now,
    );
  });
  return loadInvoice(services.db, input.id);
}
