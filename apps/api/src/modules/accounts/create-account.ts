import { ACCOUNT_MESSAGES, ROLE_IDS, type TCreateAccountRequest, ZCreateAccountRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { customerAccounts, rateCards, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayEditCustomerAccounts } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toAccountJson } from './account-json.js';
import { fullName, issueInvitation } from './members.js';

/**
 * An administrator opens an account by hand (a clinic signed on the phone): its name, billing terms, credit and rate card, and its
 * first owner invited by e-mail as an owner would invite them. Until they accept the account has no members.
 */
export async function createAccount(services: Services, actor: Actor, input: TCreateAccountRequest) {
  if (!mayEditCustomerAccounts(actor)) throw forbidden('Only an administrator can open customer accounts');
  const form = ZCreateAccountRequest.parse(input);
  const now = services.clock.now();
  const ownerEmail = form.ownerEmail.toLowerCase();
  const data = await services.db.transaction(async (tx) => {
    const [existing] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.email, ownerEmail));
    if (existing && existing.roleId !== ROLE_IDS.CUSTOMER) throw conflict(ACCOUNT_MESSAGES.notCustomer);
    if (form.rateCardId) {
      const [card] = await tx.select({ id: rateCards.id }).from(rateCards).where(eq(rateCards.id, form.rateCardId));
      if (!card) throw badRequest('rateCardId: No rate card has this id', 'rateCardId');
    }
    const [account] = await tx
      .insert(customerAccounts)
      .values({
        name: form.name,
        billingEmail: form.billingEmail,
        billingAddress: form.billingAddress,
        paymentTermsDays: form.paymentTermsDays,
        creditLimitCents: form.creditLimitCents,
        creditPolicy: form.creditPolicy,
        rateCardId: form.rateCardId,
        poRequired: form.poRequired,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [me] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
    const invitation = await issueInvitation(
      tx,
      {
        accountId: account.id,
        accountName: account.name,
        email: ownerEmail,
        role: 'owner',
        invitedBy: me ? { id: actor.id, name: fullName(me) } : null,
      },
      services.publicUrl,
      now,
    );
    const after = toAccountJson(account, 0);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'account.create',
        targetType: 'customer_account',
        targetId: account.id,
        ip: actor.ip,
        details: { before: null, after: { ...after, ownerInvited: invitation.email, invitationId: invitation.id } },
      },
      now,
    );
    return after;
  });
  services.outbox.kick();
  return { success: true as const, message: 'Account opened; the owner is invited', data };
}
