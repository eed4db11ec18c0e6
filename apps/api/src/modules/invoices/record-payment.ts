import { type TPaymentRequest, ZPaymentRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { invoicePayments, invoices } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { dollars } from '../billing/money.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { balanceOf, findInvoice, loadInvoice } from './invoice-json.js';
import { INVOICE_CHANGE_FORBIDDEN } from './run-invoices.js';

/** A check, transfer or card payment against an issued invoice; partial payments add up; paid at zero; never more than the balance. */
export async function recordPayment(services: Services, actor: Actor, input: { id: string; body: TPaymentRequest }) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const body = ZPaymentRequest.parse(input.body);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const { invoice } = await findInvoice(tx, input.id, true);
    if (invoice.status !== 'issued' && invoice.status !== 'overdue') {
      throw conflict(
        invoice.status === 'paid' ? 'This invoice is already paid' : `A payment needs an issued invoice; this one is ${invoice.status}`,
      );
    }
    const balance = balanceOf(invoice);
    if (body.amountCents > balance) throw conflict(`The payment is more than the balance of ${dollars(balance)}`);
    const [payment] = await tx
      .insert(invoicePayments)
      .values({ invoiceId: invoice.id, ...body, recordedBy: actor.id, createdAt: now })
      .returning();
    const paidCents = invoice.paidCents + body.amountCents;
    const status = balance - body.amountCents === 0 ? 'paid' : invoice.status;
    await tx.update(invoices).set({ paidCents, status, updatedAt: now }).where(eq(invoices.id, invoice.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.payment',
        targetType: 'invoice',
        targetId: invoice.id,
        ip: actor.ip,
        details: {
          paymentId: payment.id,
          before: { status: invoice.status, paidCents: invoice.paidCents },
          after: { status, paidCents, payment: body },
        },
      },
      now,
    );
  });
  return loadInvoice(services.db, input.id);
}
