import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { loadInvoice } from './invoice-json.js';
import { invoicePdfFile } from './invoice-pdf-file.js';
import { ownedInvoice } from './owner-account.js';

/** One of the owner's invoices (another account's is 404). */
export async function getMyInvoice(services: Services, actor: Actor, input: { id: string }) {
  await ownedInvoice(services, actor, input.id);
  return loadInvoice(services.db, input.id);
}

/** Its PDF, the one the billing e-mail points at. */
export async function getMyInvoicePdf(services: Services, actor: Actor, input: { id: string }) {
  await ownedInvoice(services, actor, input.id);
  return invoicePdfFile(services, await loadInvoice(services.db, input.id));
}
