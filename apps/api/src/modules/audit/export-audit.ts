import { auditActionLabel, type TAuditQuery } from '@courier/contract';
import { count, desc, eq } from 'drizzle-orm';
import { auditEvents, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { csvTime, toCsv } from '../../platform/csv.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import { auditRead } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { EXPORT_MAX_ROWS } from '../../shared/paging.js';
import { auditWhere } from './list-audit.js';

/** The audit log's filter as CSV, newest first, actions in words beside their codes; the export is itself audited. */
export async function exportAudit(services: Services, actor: Actor, query: TAuditQuery) {
  assertAudience(actor, 'admin');
  const { readReplica: db, env } = services;
  const where = auditWhere(query);
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  if (Number(n) > EXPORT_MAX_ROWS) {
    throw badRequest(
      `The filter matches ${Number(n).toLocaleString('en-US')} entries; an export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')}. Narrow the dates or filters.`,
      'to',
    );
  }
  const rows = await db
    .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  const tz = env.BUSINESS_TZ;
  const csv = toCsv(
    [`When (${tz})`, 'Who', 'E-mail', 'What', 'Action', 'Record', 'Record id', 'IP', 'Details'],
    rows.map(({ e, firstName, lastName, email }) => [
      csvTime(e.createdAt, tz),
      e.actorId ? `${firstName ?? ''} ${lastName ?? ''}`.trim() : 'system',
      email ?? '',
      auditActionLabel(e.action),
      e.action,
      e.targetType ?? '',
      e.targetId ?? '',
      e.ip ?? '',
      e.details ? JSON.stringify(e.details) : '',
    ]),
  );
  const { page: _page, limit: _limit, ...filter } = query;
  await auditRead(services, actor, 'audit.export', { rows: rows.length, filter: JSON.parse(JSON.stringify(filter)) });
  return { csv, fileName: `audit-log-${csvTime(services.clock.now(), tz).slice(0, 10)}.csv` };
}
