import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { loadInvoice } from './invoice-json.js';
import { INVOICE_READ_FORBIDDEN } from './list-invoices.js';

/** One invoice with its lines, payments and credit notes, for staff. */
export async function getInvoice(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  return loadInvoice(services.db, input.id);
}
