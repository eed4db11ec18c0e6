import { PAY_CHANGE_FORBIDDEN, ZSettlementRunRequest } from '@courier/contract';
import { and, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { payItems, settlements, users } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeDriverPay } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toSettlementJson } from './driver-pay-json.js';

/** One settlement run at a time across every process (an advisory lock, held to commit). */
const RUN_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('driver-pay:settlement-run'))`;

/**
 * An administrator settles a period: one draft per driver holding that driver's items of the period not yet in a
 * settlement. Run again, it makes nothing twice (only items added since are settled); two runs at once queue on a
 * lock, and the second finds the items taken. A handful of set-based statements, whatever the number of items.
 */
export async function runSettlements(services: Services, actor: Actor, input: { from: string; to: string }) {
  if (!mayChangeDriverPay(actor)) throw forbidden(PAY_CHANGE_FORBIDDEN);
  const { from, to } = ZSettlementRunRequest.parse(input);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(RUN_LOCK);
    const open = and(isNull(payItems.settlementId), gte(payItems.earnedOn, from), lte(payItems.earnedOn, to));
    const sums = await tx
      .select({
        driverId: payItems.driverId,
        jobs: sql<number>`count(*) filter (where ${payItems.code} = 'job')`.mapWith(Number),
        milesTenths: sql<number>`coalesce(sum(${payItems.milesTenths}) filter (where ${payItems.code} = 'job'), 0)`.mapWith(Number),
        grossCents: sql<number>`coalesce(sum(${payItems.amountCents}) filter (where ${payItems.code} <> 'adjustment'), 0)`.mapWith(Number),
        adjustmentsCents: sql<number>`coalesce(sum(${payItems.amountCents}) filter (where ${payItems.code} = 'adjustment'), 0)`.mapWith(
          Number,
        ),
        itemCount: sql<number>`count(*)`.mapWith(Number),
      })
      .from(payItems)
      .where(open)
      .groupBy(payItems.driverId);
    if (sums.length === 0) return [];
    const made = await tx
      .insert(settlements)
      .values(
        sums.map((s) => ({
          driverId: s.driverId,
          periodFrom: from,
          periodTo: to,
          status: 'draft' as const,
          jobs: s.jobs,
          milesTenths: s.milesTenths,
          grossCents: s.grossCents,
          adjustmentsCents: s.adjustmentsCents,
          netCents: s.grossCents + s.adjustmentsCents,
          itemCount: s.itemCount,
          createdBy: actor.id,
          createdAt: now,
        })),
      )
      .returning();
    // Every open item of the period joins its driver's new settlement, in one statement.
    await tx.execute(sql`
      UPDATE ${payItems} SET settlement_id = s.id
      FROM ${settlements} s
      WHERE s.id IN (${sql.join(
        made.map((m) => sql`${m.id}::uuid`),
        sql`, `,
      )})
        AND ${payItems.driverId} = s.driver_id
        AND ${payItems.settlementId} IS NULL
        AND ${payItems.earnedOn} >= ${from} AND ${payItems.earnedOn} <= ${to}`);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'driver_pay.settlement_run',
        targetType: 'settlement',
        ip: actor.ip,
        details: { from, to, settlements: made.length, items: sums.reduce((n, s) => n + s.itemCount, 0) },
      },
      now,
    );
    const names = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.driverId),
        ),
      );
    const nameOf = new Map(names.map((n) => [n.id, `${n.firstName} ${n.lastName}`]));
    return made.map((m) => toSettlementJson({ ...m, driverName: nameOf.get(m.driverId) ?? '' }));
  });
}
