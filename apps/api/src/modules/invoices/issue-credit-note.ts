import { type TCreditNoteRequest, ZCreditNoteRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { creditNotes, invoices } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { dollars } from '../billing/money.js';
import { businessToday } from './business-days.js';
import { takeDocumentNumber } from './document-number.js';
import { balanceOf, findInvoice, loadInvoice } from './invoice-json.js';
import { INVOICE_CHANGE_FORBIDDEN } from './run-invoices.js';

/** A credit against an issued invoice, numbered CN-YYYY-NNNNNN from its own gapless sequence; it lowers the balance (paid at zero). */
export async function issueCreditNote(services: Services, actor: Actor, input: { id: string; body: TCreditNoteRequest }) {
  if (!mayChangeInvoices(actor)) throw forbidden(INVOICE_CHANGE_FORBIDDEN);
  const body = ZCreditNoteRequest.parse(input.body);
  const now = services.clock.now();
  const today = businessToday(now, services.env.BUSINESS_TZ);
  await services.db.transaction(async (tx) => {
    const { invoice } = await findInvoice(tx, input.id, true);
    if (invoice.status !== 'issued' && invoice.status !== 'overdue') {
      throw conflict(`A credit note needs an issued invoice with a balance; this one is ${invoice.status}`);
    }
    const balance = balanceOf(invoice);
    if (body.amountCents > balance) throw conflict(`The credit is more than the balance of ${dollars(balance)}`);
    const number = await takeDocumentNumber(tx, 'CN', Number(today.slice(0, 4)));
    const [note] = await tx
      .insert(creditNotes)
      .values({
        invoiceId: invoice.id,
        number,
        amountCents: body.amountCents,
        reason: body.reason,
        issuedOn: today,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning();
    const creditedCents = invoice.creditedCents + body.amountCents;
    const status = balance - body.amountCents === 0 ? 'paid' : invoice.status;
    await tx.update(invoices).set({ creditedCents, status, updatedAt: now }).where(eq(invoices.id, invoice.id));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'invoice.credit_note',
        targetType: 'invoice',
        targetId: invoice.id,
        ip: actor.ip,
        details: {
          creditNoteId: note.id,
          before: { status: invoice.status, creditedCents: invoice.creditedCents },
          after: { status, creditedCents, number, amountCents: body.amountCents, reason: body.reason },
        },
      },
      now,
    );
  });
  return loadInvoice(services.db, input.id);
}
