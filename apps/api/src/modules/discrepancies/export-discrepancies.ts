import { DISCREPANCY_KIND_LABELS, DISCREPANCY_STATUS_LABELS, type TDiscrepancyQuery } from '@courier/contract';
import { count } from 'drizzle-orm';
import { discrepancies } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { auditRead } from '../../platform/audit.js';
import { csvTime, toCsv } from '../../platform/csv.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { EXPORT_MAX_ROWS } from '../../shared/paging.js';
import { DISCREPANCY_ORDER, discrepancyWhere, selectDiscrepancyViews, toDiscrepancyJson } from './discrepancy-json.js';

/** The list's filter, every page, as CSV; the export is audited. */
export async function exportDiscrepancies(services: Services, actor: Actor, query: TDiscrepancyQuery) {
  assertAudience(actor, 'staff');
  const where = discrepancyWhere(query);
  const [{ n }] = await services.db.select({ n: count() }).from(discrepancies).where(where);
  if (Number(n) > EXPORT_MAX_ROWS)
    throw badRequest(
      `The filter matches ${Number(n)} cases; an export holds at most ${EXPORT_MAX_ROWS}. Narrow the dates or filters.`,
      'to',
    );
  const rows = await selectDiscrepancyViews(services.db)
    .where(where)
    .orderBy(...DISCREPANCY_ORDER);
  const tz = services.env.BUSINESS_TZ;
  const now = services.clock.now();
  const csv = toCsv(
    [
      'Case',
      'Kind',
      'Status',
      `Opened (${tz})`,
      `Due (${tz})`,
      'Overdue',
      'Tracking number',
      'Piece',
      'Account',
      'Driver',
      'Assignee',
      'Detail',
      `Resolved (${tz})`,
      'Resolution',
    ],
    rows.map((v) => {
      const c = toDiscrepancyJson(v, now);
      return [
        c._id,
        DISCREPANCY_KIND_LABELS[c.kind],
        DISCREPANCY_STATUS_LABELS[c.status],
        csvTime(new Date(c.openedAt), tz),
        csvTime(new Date(c.dueAt), tz),
        c.overdue ? 'yes' : 'no',
        c.delivery?.orderId ?? '',
        c.piece?.barcode ?? '',
        c.account?.name ?? '',
        c.driver?.name ?? '',
        c.assignee?.name ?? '',
        c.detail,
        c.resolvedAt ? csvTime(new Date(c.resolvedAt), tz) : '',
        c.resolution ?? '',
      ];
    }),
  );
  const { page: _page, limit: _limit, ...filter } = query;
  await auditRead(services, actor, 'discrepancy.export', { rows: rows.length, filter: JSON.parse(JSON.stringify(filter)) });
  return { csv, fileName: `discrepancies-${csvTime(now, tz).slice(0, 10)}.csv` };
}
