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

/** How long an invitation to join an account stays good. */
export const ACCOUNT_INVITATION_TTL_HOURS = 7 * 24;

/** Exact messages of the member and invitation calls (the client shows them as they come). */
export const ACCOUNT_MESSAGES = {
  lastOwner: 'An account keeps at least one owner: make someone else owner first',
  invitationInvalid: 'This invitation link is invalid, expired or already used',
  invitationOtherEmail: 'This invitation was sent to another e-mail address: sign in with that one',
  alreadyMember: 'This person is already a member of the account',
  notCustomer: 'This e-mail belongs to a staff or driver account, which cannot join a customer account',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  ownersOnly: "Only the account's owners manage its members",
} as const;

const inviteEmail = z.email('Enter a valid e-mail address').max(254);

/** A person on the account, as its owners see them. */
export const ZAccountMember = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
});
export type TAccountMember = z.infer<typeof ZAccountMember>;

/** A pending invitation (neither accepted, revoked nor expired). */
export const ZAccountInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TAccountInvitation = z.infer<typeof ZAccountInvitation>;

export const ZAccountMembersResponse = z.object({ success: z.literal(true), data: z.array(ZAccountMember) });
export const ZAccountMemberResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZAccountMember });
export const ZAccountInvitationsResponse = z.object({ success: z.literal(true), data: z.array(ZAccountInvitation) });
export const ZAccountInvitationResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ZAccountInvitation,
});
export type TAccountMembersResponse = z.infer<typeof ZAccountMembersResponse>;
export type TAccountInvitationsResponse = z.infer<typeof ZAccountInvitationsResponse>;

/** POST /api/v1/account/members: the owner invites someone by e-mail with a role. */
export const ZInviteMemberRequest = z.object({
  email: inviteEmail,
  role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }).default('member'),
});
export type TInviteMemberRequest = z.input<typeof ZInviteMemberRequest>;

/** PATCH /api/v1/account/members/{userId}. */
export const ZMemberPatch = z.object({
  role: z.enum(ACCOUNT_ROLES, { error: `role must be one of ${ACCOUNT_ROLES.join(', ')}` }),
});
export type TMemberPatch = z.infer<typeof ZMemberPatch>;

export const ZMemberParams = z.object({ userId: z.string().max(100) });

export const ZInvitationToken = z.string().trim().min(1, ACCOUNT_MESSAGES.invitationInvalid).max(200, ACCOUNT_MESSAGES.invitationInvalid);

/** GET /api/v1/account/invitations/preview?token: what the link is for, shown before accepting. */
export const ZInvitationTokenQuery = z.object({ token: ZInvitationToken });
export const ZInvitationPreviewResponse = z.object({
  success: z.literal(true),
  data: z.object({
    accountName: z.string(),
    email: z.string(),
    role: z.enum(ACCOUNT_ROLES),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
    /** The e-mail already has a customer sign-in: they sign in and accept rather than set a password. */
    existingUser: z.boolean(),
  }),
});
export type TInvitationPreviewResponse = z.infer<typeof ZInvitationPreviewResponse>;

/** POST /api/v1/account/invitations/accept: a signed-in customer joins the account. */
export const ZAcceptInvitationRequest = z.object({ token: ZInvitationToken });
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

/** POST /api/v1/admin/accounts: staff open an account by hand (terms, credit, rate card); its first owner is invited by e-mail. */
export const ZCreateAccountRequest = z.object({
  name: z.string().trim().min(1, 'Name the account').max(200),
  billingEmail: z.email('Enter a valid billing e-mail').max(254),
  billingAddress: z.string().trim().max(500).default(''),
  paymentTermsDays: z
    .number()
    .int('Terms are whole days')
    .min(0, 'Terms are 0 to 365 days')
    .max(365, 'Terms are 0 to 365 days')
    .default(30),
  creditLimitCents: ZAccountPatch.shape.creditLimitCents.unwrap().default(null),
  creditPolicy: ZAccountPatch.shape.creditPolicy.unwrap().default('ignore'),
  rateCardId: ZAccountPatch.shape.rateCardId.unwrap().default(null),
  poRequired: z.boolean().default(false),
  /** The first owner, invited by e-mail: a new person sets a password through the link, an existing customer accepts. */
  ownerEmail: inviteEmail,
});
export type TCreateAccountRequest = z.input<typeof ZCreateAccountRequest>;
