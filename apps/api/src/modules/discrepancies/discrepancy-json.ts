import {
  isDiscrepancyOverdue,
  type TDiscrepancy,
  type TDiscrepancyDetail,
  type TDiscrepancyKind,
  type TDiscrepancyStatus,
  type TDiscrepancyTimelineEntry,
} from '@courier/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { customerAccounts, deliveries, discrepancies, discrepancyNotes, users } from '../../db/schema/index.js';
import { isUuid } from '../../shared/ids.js';

export type DiscrepancyRow = typeof discrepancies.$inferSelect;

const driver = alias(users, 'case_driver');
const assignee = alias(users, 'case_assignee');
const author = alias(users, 'case_note_author');
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** A case with the names its answer shows, in one query. */
export function selectDiscrepancyViews(db: DbOrTx) {
  return db
    .select({
      c: discrepancies,
      orderId: deliveries.orderId,
      accountName: customerAccounts.name,
      driverFirst: driver.firstName,
      driverLast: driver.lastName,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
    })
    .from(discrepancies)
    .leftJoin(deliveries, eq(deliveries.id, discrepancies.deliveryId))
    .leftJoin(customerAccounts, eq(customerAccounts.id, discrepancies.accountId))
    .leftJoin(driver, eq(driver.id, discrepancies.driverId))
    .leftJoin(assignee, eq(assignee.id, discrepancies.assigneeId));
}
export type DiscrepancyView = Awaited<ReturnType<ReturnType<typeof selectDiscrepancyViews>['execute']>>[number];

export function toDiscrepancyJson(v: DiscrepancyView, now: Date): TDiscrepancy {
  const c = v.c;
  return {
    _id: c.id,
    kind: c.kind as TDiscrepancyKind,
    status: c.status as TDiscrepancyStatus,
    delivery: c.deliveryId && v.orderId ? { _id: c.deliveryId, orderId: v.orderId } : null,
    piece: c.barcode ? { id: c.pieceId, barcode: c.barcode } : null,
    account: c.accountId ? { _id: c.accountId, name: v.accountName ?? '' } : null,
    driver: c.driverId ? { _id: c.driverId, name: fullName(v.driverFirst, v.driverLast) } : null,
    assignee: c.assigneeId ? { _id: c.assigneeId, name: fullName(v.assigneeFirst, v.assigneeLast) } : null,
    detail: c.detail,
    reason: c.reason,
    expectedQuantity: c.expectedQuantity,
    countedQuantity: c.countedQuantity,
    unit: c.unit,
    openedAt: c.openedAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    overdue: isDiscrepancyOverdue({ status: c.status, openedAt: c.openedAt }, now),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolution: c.resolution,
  };
}

/** The list's filter, shared by its CSV export; an account id that cannot exist matches nothing. */
export function discrepancyWhere(q: { status?: string; kind?: string; accountId?: string; from?: Date; to?: Date }): SQL | undefined {
  if (q.accountId && !isUuid(q.accountId)) return sql`false`;
  return and(
    q.status ? eq(discrepancies.status, q.status as TDiscrepancyStatus) : undefined,
    q.kind ? eq(discrepancies.kind, q.kind as TDiscrepancyKind) : undefined,
    q.accountId ? eq(discrepancies.accountId, q.accountId) : undefined,
    q.from ? gte(discrepancies.openedAt, q.from) : undefined,
    q.to ? lte(discrepancies.openedAt, q.to) : undefined,
  );
}

/** Newest first: what dispatch works next is at the top. */
export const DISCREPANCY_ORDER = [desc(discrepancies.openedAt), desc(discrepancies.id)];

export async function readTimeline(db: DbOrTx, id: string): Promise<TDiscrepancyTimelineEntry[]> {
  const rows = await db
    .select({ n: discrepancyNotes, first: author.firstName, last: author.lastName })
    .from(discrepancyNotes)
    .leftJoin(author, eq(author.id, discrepancyNotes.authorId))
    .where(eq(discrepancyNotes.discrepancyId, id))
    .orderBy(asc(discrepancyNotes.createdAt), asc(discrepancyNotes.seq));
  return rows.map(({ n, first, last }) => ({
    _id: n.id,
    kind: n.kind,
    text: n.text,
    author: n.authorId ? { _id: n.authorId, name: fullName(first, last) } : null,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** One case with its timeline, or null. */
export async function findDiscrepancyDetail(db: DbOrTx, id: string, now: Date): Promise<TDiscrepancyDetail | null> {
  if (!isUuid(id)) return null;
  const [v] = await selectDiscrepancyViews(db).where(eq(discrepancies.id, id));
  if (!v) return null;
  return { ...toDiscrepancyJson(v, now), timeline: await readTimeline(db, id) };
}
