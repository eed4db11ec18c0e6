import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { customerAccounts, users } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadCustomerAccounts } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';
import { toAccountJson } from './account-json.js';

export const ACCOUNTS_READ_FORBIDDEN = 'Only a manager or an administrator can see customer accounts';
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff's list of accounts by name, searched by name or billing e-mail, a page at a time. */
export async function listAccounts(services: Services, actor: Actor, query: { page: number; limit: number; q?: string }) {
  if (!mayReadCustomerAccounts(actor)) throw forbidden(ACCOUNTS_READ_FORBIDDEN);
  const where: SQL | undefined = query.q
    ? or(ilike(customerAccounts.name, likeText(query.q)), ilike(customerAccounts.billingEmail, likeText(query.q)))
    : undefined;
  const [{ total }] = await services.db.select({ total: count() }).from(customerAccounts).where(where);
  const paging = pageOf(total, query);
  const rows = await services.db
    .select({ account: customerAccounts, members: count(users.id) })
    .from(customerAccounts)
    .leftJoin(users, eq(users.accountId, customerAccounts.id))
    .where(where)
    .groupBy(customerAccounts.id)
    .orderBy(asc(customerAccounts.name), asc(customerAccounts.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const { offset: _, ...page } = paging;
  return { data: rows.map((r) => toAccountJson(r.account, r.members)), paging: page };
}
