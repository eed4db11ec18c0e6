import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { loadInvoice } from './invoice-json.js';
import { invoicePdfFile } from './invoice-pdf-file.js';
import { INVOICE_READ_FORBIDDEN } from './list-invoices.js';

/** Staff's PDF of any invoice, a draft included (marked as one). */
export async function getInvoicePdf(services: Services, actor: Actor, input: { id: string }) {
  if (!mayReadInvoices(actor)) throw forbidden(INVOICE_READ_FORBIDDEN);
  return invoicePdfFile(services, await loadInvoice(services.db, input.id));
}
