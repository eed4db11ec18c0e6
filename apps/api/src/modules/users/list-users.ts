import { ROLE_IDS, type TUsersQuery, type TUsersResponse } from '@courier/contract';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';
import { toManagedUser } from './managed-user-json.js';

/** Accounts for the users page (ADMIN and above), filtered by role and a search over name and e-mail. */
export async function listUsers(services: Services, actor: Actor, query: TUsersQuery): Promise<TUsersResponse> {
  assertAudience(actor, 'admin');
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(users.isDeleted, false),
    query.role ? eq(users.roleId, ROLE_IDS[query.role]) : undefined,
    like ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like)) : undefined,
  );
  const [{ n }] = await services.db.select({ n: count() }).from(users).where(where);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await services.db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.roleId), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(paging.limit)
    .offset(offset);
  await auditRead(services, actor, query.q ? 'user.search' : 'user.list', {
    query: query.q,
    role: query.role,
    page: paging.page,
    rows: rows.length,
  });
  return { success: true, data: rows.map(toManagedUser), paging };
}
