import type { TDiscrepancyListResponse, TDiscrepancyQuery } from '@courier/contract';
import { count } from 'drizzle-orm';
import { discrepancies } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { pageOf } from '../../shared/paging.js';
import { DISCREPANCY_ORDER, discrepancyWhere, selectDiscrepancyViews, toDiscrepancyJson } from './discrepancy-json.js';

/** GET /admin/discrepancies: a page of cases, newest first, filtered by status, kind, account and opening time. */
export async function listDiscrepancies(services: Services, actor: Actor, query: TDiscrepancyQuery): Promise<TDiscrepancyListResponse> {
  assertAudience(actor, 'staff');
  const where = discrepancyWhere(query);
  const [{ n }] = await services.db.select({ n: count() }).from(discrepancies).where(where);
  const { offset, ...paging } = pageOf(Number(n), query);
  const rows = await selectDiscrepancyViews(services.db)
    .where(where)
    .orderBy(...DISCREPANCY_ORDER)
    .limit(paging.limit)
    .offset(offset);
  const now = services.clock.now();
  return { success: true, data: rows.map((v) => toDiscrepancyJson(v, now)), paging };
}
