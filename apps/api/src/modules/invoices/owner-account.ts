import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/app-error.js';
import { type Actor, mayReadAccountInvoices } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findInvoice, INVOICE_NOT_FOUND } from './invoice-json.js';

export const OWNER_ONLY = "Only the account's owner can see its invoices and statement";

/** The caller's account, when the caller is its owner (members book; owners pay): 403 otherwise. */
export async function ownedAccountOf(services: Services, actor: Actor): Promise<string> {
  const [me] = await services.db
    .select({ accountId: users.accountId, accountRole: users.accountRole })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!me?.accountId || !mayReadAccountInvoices(actor, { accountRole: me.accountRole ?? null })) throw forbidden(OWNER_ONLY);
  return me.accountId;
}

/** An invoice of the caller's account that has been issued; any other (another account's, a draft) is 404. */
export async function ownedInvoice(services: Services, actor: Actor, id: string) {
  const accountId = await ownedAccountOf(services, actor);
  const found = await findInvoice(services.db, id);
  if (found.invoice.accountId !== accountId || found.invoice.status === 'draft') throw notFound(INVOICE_NOT_FOUND);
  return found;
}
