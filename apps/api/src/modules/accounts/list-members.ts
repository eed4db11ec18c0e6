import { ACCOUNT_MESSAGES, type TAccountMembersResponse } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayManageAccountMembers } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toMemberJson } from './members.js';

/** The owner's list of the people on their account, owners first, then by name. */
export async function listMembers(services: Services, actor: Actor): Promise<TAccountMembersResponse> {
  if (!mayManageAccountMembers(actor) || !actor.account) throw forbidden(ACCOUNT_MESSAGES.ownersOnly);
  const rows = await services.db
    .select()
    .from(users)
    .where(eq(users.accountId, actor.account.id))
    .orderBy(asc(users.accountRole), asc(users.firstName), asc(users.lastName), asc(users.id));
  return { success: true, data: rows.map(toMemberJson) };
}
