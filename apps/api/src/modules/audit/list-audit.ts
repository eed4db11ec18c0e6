import { AUDIT_ACCESS_ACTIONS, AUDIT_READ_SUFFIXES, isReadAction, type TAuditQuery, type TAuditResponse } from '@courier/contract';
import { and, count, desc, eq, gte, inArray, like, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';
import { isUuid } from '../../shared/ids.js';

/** A read as the contract names it: its action ends in a read suffix, or is an access record. */
const isRead = or(
  ...AUDIT_READ_SUFFIXES.map((suffix) => like(auditEvents.action, `%${suffix}`)),
  inArray(auditEvents.action, [...AUDIT_ACCESS_ACTIONS]),
) as SQL;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts whose name (first and last together) or e-mail holds the words. */
function actorsMatching(words: string): SQL {
  const pattern = likeOf(words);
  const name = sql`${users.firstName} || ' ' || ${users.lastName}`;
  return sql`${auditEvents.actorId} in (select ${users.id} from ${users} where ${name} ilike ${pattern} or ${users.email} ilike ${pattern})`;
}

/** The filter of the audit log, shared by its CSV export. */
export function auditWhere(query: TAuditQuery): SQL | undefined {
  // An actor id that cannot exist matches nothing rather than failing the query.
  if (query.actorId && !isUuid(query.actorId)) return sql`false`;
  const action = query.action
    ? query.action.endsWith('.')
      ? like(auditEvents.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : eq(auditEvents.action, query.action)
    : undefined;
  return and(
    query.actorId ? eq(auditEvents.actorId, query.actorId) : undefined,
    query.actor ? actorsMatching(query.actor) : undefined,
    query.kind === 'reads' ? isRead : query.kind === 'changes' ? not(isRead) : undefined,
    action,
    query.entity ? eq(auditEvents.targetType, query.entity) : undefined,
    query.entityId ? eq(auditEvents.targetId, query.entityId) : undefined,
    query.from ? gte(auditEvents.createdAt, query.from) : undefined,
    query.to ? lte(auditEvents.createdAt, query.to) : undefined,
  );
}

/** The audit log, newest first, for ADMIN and above (it holds every IP and phone); read-only: no call changes or deletes a row. */
export async function listAudit(services: Services, actor: Actor, query: TAuditQuery): Promise<TAuditResponse> {
  assertAudience(actor, 'admin');
  const where = auditWhere(query);
  // History, not a read-back: the replica (the export audits itself on the primary).
  const db = services.readReplica;
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await db
    .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(paging.limit)
    .offset(offset);
  return {
    success: true,
    data: rows.map(({ e, firstName, lastName, email }) => ({
      _id: e.id,
      actor: e.actorId ? { _id: e.actorId, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email: email ?? '' } : null,
      action: e.action,
      entity: e.targetType,
      entityId: e.targetId,
      ip: e.ip,
      details: e.details ?? null,
      kind: isReadAction(e.action) ? ('read' as const) : ('change' as const),
      count: typeof e.details?.count === 'number' ? e.details.count : 1,
      createdAt: e.createdAt.toISOString(),
    })),
    paging,
  };
}
