import { z } from 'zod';
import { PRICE_LINE_CODES, ZCents, ZPercent } from './rate-cards.js';
import { isSafeLine } from './text.js';

/** Driver pay (issue 37): rules per driver (versioned), pay items, adjustments, weekly settlements. */

const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

export const ZPayRuleRequest = z.object({
  perStopCents: ZCents.default(0),
  perMileCents: ZCents.default(0),
  commissionPercent: ZPercent.max(100, 'A commission must be at most 100 %').default(0),
  commissionOn: z.array(z.enum(PRICE_LINE_CODES)).max(PRICE_LINE_CODES.length).default([]),
  perFailedAttemptCents: ZCents.default(0),
  perReturnCents: ZCents.default(0),
  /** When the version starts paying; absent: now. */
  effectiveFrom: z.iso.datetime({ offset: true, error: 'Use a date-time as ISO 8601' }).optional(),
});
export type TPayRuleRequest = z.input<typeof ZPayRuleRequest>;

export const ZPayRule = z.object({
  _id: z.string(),
  /** Null: the default rule, for drivers without one of their own. */
  driverId: z.string().nullable(),
  version: z.number().int(),
  perStopCents: z.number().int(),
  perMileCents: z.number().int(),
  commissionPercent: z.number(),
  commissionOn: z.array(z.string()),
  perFailedAttemptCents: z.number().int(),
  perReturnCents: z.number().int(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
});
export type TPayRule = z.infer<typeof ZPayRule>;
export const ZPayRuleResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZPayRule });
/** A driver's versions, newest first, and the default's, so a page shows what pays them. */
export const ZPayRulesResponse = z.object({
  success: z.literal(true),
  data: z.object({ versions: z.array(ZPayRule), defaultVersions: z.array(ZPayRule) }),
});

export const PAY_ITEM_CODES = ['job', 'failed_attempt', 'return', 'adjustment'] as const;
export type TPayItemCode = (typeof PAY_ITEM_CODES)[number];

export const ZPayItem = z.object({
  _id: z.string(),
  driverId: z.string(),
  deliveryId: z.string().nullable(),
  orderId: z.string().nullable(),
  code: z.enum(PAY_ITEM_CODES),
  amountCents: z.number().int(),
  explanation: z.string(),
  earnedOn: z.string(),
  earnedAt: z.string(),
  milesTenths: z.number().int().nullable(),
  settlementId: z.string().nullable(),
  /** Adjustments: who added it and why. */
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type TPayItem = z.infer<typeof ZPayItem>;

export const ZPayTotals = z.object({
  jobs: z.number().int(),
  milesTenths: z.number().int(),
  grossCents: z.number().int(),
  adjustmentsCents: z.number().int(),
  netCents: z.number().int(),
});
export type TPayTotals = z.infer<typeof ZPayTotals>;

export const ZPayPeriodQuery = z
  .object({ from: ZDay, to: ZDay })
  .refine((q) => q.to >= q.from, { message: 'The last day cannot be before the first', path: ['to'] });
export const ZPayItemsResponse = z.object({
  success: z.literal(true),
  data: z.object({ from: z.string(), to: z.string(), items: z.array(ZPayItem), totals: ZPayTotals }),
});
export type TPayItemsResponse = z.infer<typeof ZPayItemsResponse>;

export const ZPayAdjustmentRequest = z.object({
  amountCents: z
    .number({ error: 'Enter an amount in cents' })
    .int('Enter whole cents')
    .refine((n) => n !== 0, 'An adjustment cannot be zero')
    .refine((n) => Math.abs(n) <= 10_000_000, 'An adjustment must be at most $100,000'),
  reason: z.string().refine(isSafeLine, 'Reason must be one line of text').trim().min(3, 'Say why, in a few words').max(300),
  date: ZDay,
});
export type TPayAdjustmentRequest = z.infer<typeof ZPayAdjustmentRequest>;
export const ZPayItemResponse = z.object({ success: z.literal(true), message: z.string(), data: ZPayItem });

export const SETTLEMENT_STATUSES = ['draft', 'approved', 'paid'] as const;
export type TSettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const ZSettlement = z.object({
  _id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  jobs: z.number().int(),
  milesTenths: z.number().int(),
  grossCents: z.number().int(),
  adjustmentsCents: z.number().int(),
  netCents: z.number().int(),
  itemCount: z.number().int(),
  approvedAt: z.string().nullable(),
  paidOn: z.string().nullable(),
  paidReference: z.string().nullable(),
  createdAt: z.string(),
});
export type TSettlement = z.infer<typeof ZSettlement>;
export const ZSettlementDetail = ZSettlement.extend({ items: z.array(ZPayItem) });
export type TSettlementDetail = z.infer<typeof ZSettlementDetail>;

export const ZSettlementRunRequest = ZPayPeriodQuery;
export const ZSettlementRunResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ created: z.array(ZSettlement) }),
});
export const ZSettlementsQuery = z.object({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  driverId: z.string().uuid('Choose a driver').optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export const ZSettlementsResponse = z.object({ success: z.literal(true), data: z.array(ZSettlement) });
export const ZSettlementResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZSettlementDetail });
export const ZSettlementPaidRequest = z.object({
  paidOn: ZDay,
  reference: z.string().refine(isSafeLine, 'Reference must be one line of text').trim().min(1, 'Enter the payment reference').max(100),
});
export const ZSettlementExportQuery = z
  .object({ from: ZDay, to: ZDay, format: z.enum(['csv', 'nacha']).default('csv') })
  .refine((q) => q.to >= q.from, { message: 'The last day cannot be before the first', path: ['to'] });

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** A US routing number: nine digits whose weighted sum (3, 7, 1, ...) is a multiple of ten. */
export function isValidRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

export const ZBankAccountRequest = z.object({
  routingNumber: z.string().trim().refine(isValidRoutingNumber, 'Enter a valid 9-digit routing number (its check digit does not match)'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Enter the account number: 4 to 17 digits'),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose checking or savings' }),
});
export type TBankAccountRequest = z.infer<typeof ZBankAccountRequest>;
/** Only the last four digits ever leave the server (the NACHA file aside). */
export const ZBankAccount = z.object({
  routingLast4: z.string(),
  accountLast4: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  updatedAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;
export const ZBankAccountResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZBankAccount.nullable() });

export const ZEarningsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    items: z.array(ZPayItem),
    totals: ZPayTotals,
    /** The driver's settlements (newest first), each with its statement. */
    statements: z.array(ZSettlement),
  }),
});
export type TEarningsResponse = z.infer<typeof ZEarningsResponse>;

export const PAYROLL_NOT_CONFIGURED =
  'Direct deposit export is not set up: set PAYROLL_COMPANY_NAME, PAYROLL_COMPANY_ID, PAYROLL_ROUTING_NUMBER and PAYROLL_ACCOUNT_NUMBER';
export const PAY_CHANGE_FORBIDDEN = 'Only an administrator can change driver pay';
export const PAY_READ_FORBIDDEN = 'Only staff can read driver pay';
export type TPayRulesResponse = z.infer<typeof ZPayRulesResponse>;
export type TBankAccountResponse = z.infer<typeof ZBankAccountResponse>;
export type TSettlementsResponse = z.infer<typeof ZSettlementsResponse>;
export type TSettlementRunResponse = z.infer<typeof ZSettlementRunResponse>;
