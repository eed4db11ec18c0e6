import { z } from 'zod';
import { ZPageQuery, ZPaging } from './paging.js';
import { PRICE_LINE_CODES } from './rate-cards.js';

/** Invoices, payments, credit notes and receivables (issue 34). Money is integer cents throughout. */
export const INVOICE_STATUSES = ['draft', 'issued', 'overdue', 'paid', 'void'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = ['check', 'ach', 'card', 'other'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const INVOICE_EXPORT_FORMATS = ['quickbooks', 'xero'] as const;

const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });
const ZCents = z.number({ error: 'Give an amount in cents' }).int('Amounts are whole cents');
const ZReason = z.string().trim().min(1, 'Give a reason').max(500);

/** A period in BUSINESS_TZ days, both included. */
export const ZInvoiceRunRequest = z
  .object({ from: ZDay, to: ZDay })
  .refine((r) => r.to >= r.from, { message: 'The last day cannot be before the first', path: ['to'] });
export type TInvoiceRunRequest = z.infer<typeof ZInvoiceRunRequest>;

export const ZInvoiceLine = z.object({
  _id: z.string(),
  deliveryId: z.string(),
  trackingNumber: z.string(),
  date: z.string(),
  reference: z.string().nullable(),
  route: z.string(),
  code: z.enum(PRICE_LINE_CODES),
  description: z.string(),
  amountCents: z.number().int(),
  /** What the delivery was priced at; differs from amountCents only after an adjustment. */
  pricedCents: z.number().int(),
  adjustmentReason: z.string().nullable(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoiceSummary = z.object({
  _id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  number: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  subtotalCents: z.number().int(),
  creditedCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  voidReason: z.string().nullable(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoicePayment = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
});
export type TInvoicePayment = z.infer<typeof ZInvoicePayment>;

export const ZCreditNote = z.object({
  _id: z.string(),
  invoiceId: z.string(),
  number: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  issuedOn: z.string(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;

export const ZInvoice = ZInvoiceSummary.extend({
  termsDays: z.number().int().nullable(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  lines: z.array(ZInvoiceLine),
  payments: z.array(ZInvoicePayment),
  creditNotes: z.array(ZCreditNote),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZInvoice });
export const ZInvoiceListQuery = ZPageQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  accountId: z.string().trim().max(64).optional(),
  /** Invoices whose period touches these days (BUSINESS_TZ). */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;
export const ZInvoicesResponse = z.object({ success: z.literal(true), data: z.array(ZInvoiceSummary), paging: ZPaging });

export const ZInvoiceRunResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ invoices: z.array(ZInvoiceSummary), deliveries: z.number().int() }),
});

export const ZInvoiceLineAdjustment = z.object({
  amountCents: ZCents.min(0, 'An amount cannot be negative'),
  reason: ZReason,
});
export type TInvoiceLineAdjustment = z.infer<typeof ZInvoiceLineAdjustment>;
export const ZInvoiceLineParams = z.object({ id: z.string().trim().max(64), lineId: z.string().trim().max(64) });

export const ZInvoiceVoidRequest = z.object({ reason: ZReason });
export const ZPaymentRequest = z.object({
  amountCents: ZCents.positive('A payment is more than zero'),
  receivedOn: ZDay,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(200).default(''),
});
export type TPaymentRequest = z.infer<typeof ZPaymentRequest>;
export const ZCreditNoteRequest = z.object({ amountCents: ZCents.positive('A credit is more than zero'), reason: ZReason });
export type TCreditNoteRequest = z.infer<typeof ZCreditNoteRequest>;

export const ZRepriceDifference = z.object({
  lineId: z.string().nullable(),
  deliveryId: z.string(),
  trackingNumber: z.string(),
  code: z.string(),
  invoicedCents: z.number().int().nullable(),
  repricedCents: z.number().int().nullable(),
});
export const ZRepriceResponse = z.object({
  success: z.literal(true),
  data: z.object({ matches: z.boolean(), differences: z.array(ZRepriceDifference) }),
});

export const ZInvoiceExportQuery = z.object({ from: ZDay, to: ZDay, format: z.enum(INVOICE_EXPORT_FORMATS).default('quickbooks') });
export type TInvoiceExportQuery = z.infer<typeof ZInvoiceExportQuery>;
/** QuickBooks Online's invoice import columns. */
export const QUICKBOOKS_INVOICE_HEADERS = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Service Date',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Memo',
] as const;
/** Xero's sales invoice import template columns. */
export const XERO_INVOICE_HEADERS = [
  '*ContactName',
  'EmailAddress',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'Currency',
] as const;

export const RECEIVABLES_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type TReceivablesBucket = (typeof RECEIVABLES_BUCKETS)[number];
export const ZReceivablesQuery = z.object({ asOf: ZDay.optional() });
export const ZReceivablesRow = z.object({
  accountId: z.string(),
  accountName: z.string(),
  current: z.number().int(),
  '1-30': z.number().int(),
  '31-60': z.number().int(),
  '61-90': z.number().int(),
  '90+': z.number().int(),
  total: z.number().int(),
});
export type TReceivablesRow = z.infer<typeof ZReceivablesRow>;
export const ZReceivablesResponse = z.object({
  success: z.literal(true),
  data: z.object({
    asOf: z.string(),
    accounts: z.array(ZReceivablesRow),
    totals: ZReceivablesRow.omit({ accountId: true, accountName: true }),
  }),
});

export const ZStatementResponse = z.object({
  success: z.literal(true),
  data: z.object({
    accountName: z.string(),
    asOf: z.string(),
    openInvoices: z.array(ZInvoiceSummary),
    payments: z.array(ZInvoicePayment.extend({ invoiceNumber: z.string().nullable() })),
    balanceCents: z.number().int(),
  }),
});
export type TInvoiceResponse = z.infer<typeof ZInvoiceResponse>;
export type TInvoicesResponse = z.infer<typeof ZInvoicesResponse>;
export type TInvoiceRunResponse = z.infer<typeof ZInvoiceRunResponse>;
export type TRepriceResponse = z.infer<typeof ZRepriceResponse>;
export type TReceivablesResponse = z.infer<typeof ZReceivablesResponse>;
export type TStatementResponse = z.infer<typeof ZStatementResponse>;
