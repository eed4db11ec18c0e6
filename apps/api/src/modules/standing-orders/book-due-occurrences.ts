import { roleFromId } from '@courier/contract';
import { and, eq, inArray, isNull, lte, or, gte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { standingOrderOccurrences, standingOrders, users } from '../../db/schema/index.js';
import { createPeriodicTask, type PeriodicTask } from '../../platform/background-work.js';
import { type Actor, isStaffActor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { createDelivery } from '../deliveries/create-delivery.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { occurrenceFields, templateOf } from './occurrence-fields.js';
import { businessDate, occurrencesBetween } from './schedule.js';
import type { StandingOrderRow } from './standing-orders.queries.js';

/** Another process booked (or someone skipped) this occurrence first: the booking rolls back. */
class OccurrenceTaken extends Error {}

const HOUR_MS = 3_600_000;

async function activeAccount(services: Services, id: string): Promise<Actor | null> {
  const [u] = await services.db.select({ roleId: users.roleId, isDeleted: users.isDeleted }).from(users).where(eq(users.id, id)).limit(1);
  const role = u && !u.isDeleted ? roleFromId(u.roleId) : undefined;
  return role ? { id, role } : null;
}

/**
 * Books one occurrence as an ordinary delivery, through the booking use case (its rules, custody, messages,
 * audit), as the owner. The occurrence's key (standing order, date) is written in the booking's transaction:
 * of two processes booking it at once, the second waits on the first's key and rolls back.
 */
async function bookOccurrence(services: Services, order: StandingOrderRow, owner: Actor, date: string, requiredBy: Date) {
  const now = services.clock.now();
  const { delivery } = await createDelivery(
    services,
    owner,
    { fields: occurrenceFields(templateOf(order.template, services.env.BUSINESS_TZ), requiredBy, services.env.BUSINESS_TZ), image: null },
    {
      standingOrderId: order.id,
      plannedCollection: true,
      within: async (tx, row) => {
        const [claimed] = await tx
          .insert(standingOrderOccurrences)
          .values({ standingOrderId: order.id, occursOn: date, deliveryId: row.id, createdAt: now })
          .onConflictDoNothing()
          .returning({ date: standingOrderOccurrences.occursOn });
        if (!claimed) throw new OccurrenceTaken();
      },
    },
  );
  // Pre-approved by staff: approved in their name through the one status writer, as long as they are still staff.
  const approver = order.preApprovedBy ? await activeAccount(services, order.preApprovedBy) : null;
  if (approver && isStaffActor(approver)) {
    await approveDelivery(services, approver, { idOrTrackingNumber: delivery.id, note: 'standing order pre-approved' });
  }
  return delivery;
}

/**
 * Books every occurrence of an active standing order whose required-by falls within the next
 * STANDING_ORDER_LEAD_HOURS and that has no key yet (booked or skipped). Safe to run in many processes at once.
 */
export async function bookDueOccurrences(services: Services, log?: FastifyBaseLogger): Promise<{ booked: number; failed: number }> {
  const now = services.clock.now();
  const timeZone = services.env.BUSINESS_TZ;
  const horizon = new Date(now.getTime() + services.env.STANDING_ORDER_LEAD_HOURS * HOUR_MS);
  const orders = await services.db
    .select()
    .from(standingOrders)
    .where(
      and(
        eq(standingOrders.status, 'active'),
        lte(standingOrders.startsOn, businessDate(horizon, timeZone)),
        or(isNull(standingOrders.endsOn), gte(standingOrders.endsOn, businessDate(now, timeZone))),
      ),
    );
  let booked = 0;
  let failed = 0;
  for (const order of orders) {
    const due = occurrencesBetween(order, now, horizon, timeZone);
    if (due.length === 0) continue;
    const taken = await services.db
      .select({ date: standingOrderOccurrences.occursOn })
      .from(standingOrderOccurrences)
      .where(
        and(
          eq(standingOrderOccurrences.standingOrderId, order.id),
          inArray(
            standingOrderOccurrences.occursOn,
            due.map((o) => o.date),
          ),
        ),
      );
    const open = due.filter((o) => !taken.some((t) => t.date === o.date));
    if (open.length === 0) continue;
    const owner = await activeAccount(services, order.customerId);
    if (!owner || !mayBookDelivery(owner)) continue;
    for (const o of open) {
      try {
        await bookOccurrence(services, order, owner, o.date, o.requiredBy);
        booked++;
      } catch (err) {
        if (err instanceof OccurrenceTaken) continue;
        failed++;
        log?.warn(
          { standingOrderId: order.id, date: o.date, err: (err as Error).message },
          'standing order occurrence could not be booked',
        );
      }
    }
  }
  return { booked, failed };
}

export type StandingOrderGenerator = Pick<PeriodicTask<unknown>, 'start' | 'stop'>;

const EVERY_MS = 60_000;

/** Runs the booking at start and every minute in each server process; the occurrence keys keep it exactly once. */
export function createStandingOrderGenerator(services: Services, log: FastifyBaseLogger, intervalMs = EVERY_MS): StandingOrderGenerator {
  return createPeriodicTask({
    log,
    failure: 'standing order generator failed',
    intervalMs,
    onSuccess: () => services.metrics.jobSucceeded('standing_orders'),
    run: () => bookDueOccurrences(services, log),
  });
}
