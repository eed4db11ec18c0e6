import { z } from 'zod';
import { ZPageQuery, ZPaging } from './paging.js';

export const ACCOUNT_TYPES = ['health_care_provider', 'medical_laboratory', 'pharmacy', 'hospital_clinic'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<TAccountType, string> = {
  health_care_provider: 'Healthcare provider',
  medical_laboratory: 'Medical laboratory',
  pharmacy: 'Pharmacy',
  hospital_clinic: 'Hospital / clinic',
};

/** How an account's credit limit is applied at booking. */
export const CREDIT_POLICIES = ['ignore', 'warn', 'enforce'] as const;
export type TCreditPolicy = (typeof CREDIT_POLICIES)[number];
export const ACCOUNT_ROLES = ['owner', 'member'] as const;
export type TAccountRole = (typeof ACCOUNT_ROLES)[number];

/** The organisation that pays, as its owners and staff see it. */
export const ZCustomerAccount = z.object({
  _id: z.string(),
  name: z.string(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  paymentTermsDays: z.number().int(),
  creditLimitCents: z.number().int().nullable(),
  creditPolicy: z.enum(CREDIT_POLICIES),
  rateCardId: z.string().nullable(),
  poRequired: z.boolean(),
  members: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerAccount = z.infer<typeof ZCustomerAccount>;

/** GET /api/v1/account: the caller's account and their role in it (a member sees the name only). */
export const ZMyAccountResponse = z.object({
  success: z.literal(true),
  data: z.object({
    role: z.enum(ACCOUNT_ROLES),
    account: z.union([ZCustomerAccount, ZCustomerAccount.pick({ _id: true, name: true })]),
  }),
});

export const ZAccountsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100, 'q: Search with at most 100 characters').optional(),
});
export const ZAccountsResponse = z.object({ success: z.literal(true), data: z.array(ZCustomerAccount), paging: ZPaging });
export const ZAccountResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZCustomerAccount });

/** PATCH /api/v1/admin/accounts/{id}: what staff may set; what is left out stays. */
export const ZAccountPatch = z
  .object({
    name: z.string().trim().min(1, 'Name the account').max(200),
    billingEmail: z.email('Enter a valid billing e-mail').max(254),
    billingAddress: z.string().trim().max(500),
    paymentTermsDays: z.number().int('Terms are whole days').min(0, 'Terms are 0 to 365 days').max(365, 'Terms are 0 to 365 days'),
    creditLimitCents: z.number().int('Enter whole cents').min(0, 'A credit limit cannot be negative').max(1_000_000_000).nullable(),
    creditPolicy: z.enum(CREDIT_POLICIES, { error: `Credit policy must be one of ${CREDIT_POLICIES.join(', ')}` }),
    rateCardId: z.uuid('Choose a rate card').nullable(),
    poRequired: z.boolean(),
  })
  .partial();
export type TAccountPatch = z.infer<typeof ZAccountPatch>;
export type TAccountsResponse = z.infer<typeof ZAccountsResponse>;
export type TAccountResponse = z.infer<typeof ZAccountResponse>;
export type TMyAccountResponse = z.infer<typeof ZMyAccountResponse>;
