import type { TDiscrepancyKind, TDiscrepancyStatus, TDiscrepancySummary } from '@courier/contract';
import { sql } from 'drizzle-orm';
import { deliveries, discrepancies } from '../db/schema/index.js';

export interface RawDiscrepancy {
  id: string;
  kind: string;
  status: string;
  /** Epoch milliseconds. */
  openedAt: number;
}

/** The delivery's cases, oldest first, in the same query as the row (one round trip for a page of deliveries). */
export const discrepanciesColumn = sql<RawDiscrepancy[] | null>`(
  select json_agg(json_build_object(
    'id', ${discrepancies.id},
    'kind', ${discrepancies.kind},
    'status', ${discrepancies.status},
    'openedAt', floor(extract(epoch from ${discrepancies.openedAt}) * 1000)
  ) order by ${discrepancies.openedAt}, ${discrepancies.id})
  from ${discrepancies} where ${discrepancies.deliveryId} = ${deliveries.id}
)`;

export const toDiscrepancySummaries = (raw: RawDiscrepancy[] | null | undefined): TDiscrepancySummary[] =>
  (raw ?? []).map((r) => ({
    id: r.id,
    kind: r.kind as TDiscrepancyKind,
    status: r.status as TDiscrepancyStatus,
    openedAt: new Date(Number(r.openedAt)).toISOString(),
  }));
