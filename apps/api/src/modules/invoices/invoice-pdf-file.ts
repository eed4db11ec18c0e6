import { COMPANY, type TInvoice } from '@courier/contract';
import type { Services } from '../../services.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The PDF of an invoice with the configured remit-to block (INVOICE_REMIT_TO, lines separated by "|"). */
export async function invoicePdfFile(services: Services, invoice: TInvoice) {
  const remitTo = (services.env.INVOICE_REMIT_TO ?? `${COMPANY.name}|${COMPANY.address}`).split('|').map((l) => l.trim());
  const pdf = await renderInvoicePdf(invoice, { company: COMPANY.name, address: COMPANY.address, remitTo }, services.clock.now());
  return { pdf, fileName: `${invoice.number ?? `draft-${invoice._id.slice(0, 8)}`}.pdf` };
}
