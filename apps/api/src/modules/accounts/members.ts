import {
  ACCOUNT_INVITATION_TTL_HOURS,
  ACCOUNT_MESSAGES,
  type TAccountInvitation,
  type TAccountMember,
  type TAccountRole,
} from '@courier/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { accountInvitations, customerAccounts, users } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../platform/app-error.js';
import { enqueueEmail } from '../../platform/outbox.js';
import { hashSecret, newOpaqueToken } from '../../platform/one-time-secrets.js';
import { accountInvitationMessage } from './account-emails.js';
import { ACCOUNT_NOT_FOUND } from './account-json.js';

type UserRow = typeof users.$inferSelect;
type InvitationRow = typeof accountInvitations.$inferSelect;

export const lastOwner = () => new AppError('LAST_OWNER', ACCOUNT_MESSAGES.lastOwner);
export const invitationInvalid = () => new AppError('INVITATION_INVALID', ACCOUNT_MESSAGES.invitationInvalid);

export const toMemberJson = (u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'accountRole'>): TAccountMember => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.accountRole ?? 'member',
});

export const toInvitationJson = (i: InvitationRow, invitedBy: string | null): TAccountInvitation => ({
  _id: i.id,
  email: i.email,
  role: i.role,
  invitedBy,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/**
 * Takes the account's row lock: every change to who is on an account (and in which role) runs under it, so two
 * owners demoting each other at once cannot leave the account without one.
 */
export async function lockAccount(tx: Tx, accountId: string) {
  const [account] = await tx.select().from(customerAccounts).where(eq(customerAccounts.id, accountId)).for('update');
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

/**
 * Under the account's lock: the caller is still one of its owners (403 otherwise) and the member is on it (404,
 * like an unknown id, otherwise). `leavingOwners` says the member stops being an owner: refused for the last one.
 */
export async function lockedMember(tx: Tx, actorId: string, accountId: string, userId: string, leavingOwners: () => boolean) {
  await lockAccount(tx, accountId);
  const [me] = await tx.select({ accountId: users.accountId, accountRole: users.accountRole }).from(users).where(eq(users.id, actorId));
  if (me?.accountId !== accountId || me.accountRole !== 'owner') throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  if (!target) throw notFound(ACCOUNT_MESSAGES.memberNotFound);
  if (target.accountRole === 'owner' && leavingOwners() && (await ownerCount(tx, accountId)) <= 1) throw lastOwner();
  return target;
}

export async function ownerCount(tx: DbOrTx, accountId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.accountRole, 'owner')));
  return n;
}

export async function memberCount(tx: DbOrTx, accountId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  return n;
}

/** A person's display name. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Writes a pending invitation (any earlier pending one for the same e-mail and account is revoked, so the newest
 * link is the only good one) and queues its e-mail: the link opens the web app's accept page.
 */
export async function issueInvitation(
  tx: Tx,
  input: { accountId: string; accountName: string; email: string; role: TAccountRole; invitedBy: { id: string; name: string } | null },
  publicUrl: string,
  now: Date,
) {
  const email = input.email.toLowerCase();
  await tx.update(accountInvitations).set({ revokedAt: now }).where(pendingInvitationFor(input.accountId, email));
  const link = newOpaqueToken();
  const [invitation] = await tx
    .insert(accountInvitations)
    .values({
      accountId: input.accountId,
      email,
      role: input.role,
      tokenHash: link.hash,
      invitedBy: input.invitedBy?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCOUNT_INVITATION_TTL_HOURS * 3_600_000),
    })
    .returning();
  const href = `${publicUrl}/account/invitation?token=${encodeURIComponent(link.token)}`;
  await enqueueEmail(tx, accountInvitationMessage(email, input.accountName, input.role, input.invitedBy?.name ?? 'MedCourier', href), now);
  return invitation;
}

const pendingInvitationFor = (accountId: string, email: string) =>
  and(
    eq(accountInvitations.accountId, accountId),
    eq(accountInvitations.email, email),
    // Not accepted, not revoked (expired ones are harmless to revoke too).
    isNull(accountInvitations.acceptedAt),
    isNull(accountInvitations.revokedAt),
  );

/** The invitation a link stands for, while pending (not used, revoked or expired); null otherwise. */
export async function findPendingInvitation(db: DbOrTx, token: string, now: Date, forUpdate = false) {
  const query = db
    .select({ invitation: accountInvitations, accountName: customerAccounts.name })
    .from(accountInvitations)
    .innerJoin(customerAccounts, eq(customerAccounts.id, accountInvitations.accountId))
    .where(eq(accountInvitations.tokenHash, hashSecret(token)));
  const [row] = forUpdate ? await query.for('update', { of: accountInvitations }) : await query;
  if (!row || row.invitation.acceptedAt || row.invitation.revokedAt || row.invitation.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}
