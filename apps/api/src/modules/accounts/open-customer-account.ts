import type { DbOrTx } from '../../db/client.js';
import { customerAccounts } from '../../db/schema/index.js';

/** What a new customer's own account is made from: their sign-up. */
export interface AccountOpening {
  organisation?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  address?: string | null;
}

/** The account's name: the organisation given at sign-up, else the person's name. */
export const accountNameFor = (o: AccountOpening) => o.organisation?.trim() || `${o.firstName} ${o.lastName}`.trim();

/**
 * A new customer's account, in the caller's transaction: named after the organisation (the person when none),
 * billed to their e-mail and address until the owner says otherwise. The caller makes the person its owner.
 */
export async function openCustomerAccount(tx: DbOrTx, o: AccountOpening, now: Date) {
  const [account] = await tx
    .insert(customerAccounts)
    .values({ name: accountNameFor(o), billingEmail: o.email, billingAddress: o.address ?? '', createdAt: now, updatedAt: now })
    .returning();
  return account;
}
