import type { ZCreateStandingOrderRequest } from '@courier/contract';
import type { z } from 'zod';
import { standingOrders } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toStandingOrdersJson } from './standing-order-json.js';
import { checkStandingOrder } from './standing-order-rules.js';

export type TCreateStandingOrderInput = z.output<typeof ZCreateStandingOrderRequest>;

/** A customer repeats a delivery on a schedule; its occurrences are booked ahead by the generator. */
export async function createStandingOrder(services: Services, actor: Actor, input: TCreateStandingOrderInput) {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can set up a standing order');
  const { schedule, startsOn, endsOn, ...template } = input;
  const stored = await checkStandingOrder(
    services,
    actor,
    { rrule: schedule.rrule, time: schedule.time, startsOn, endsOn: endsOn ?? null },
    template,
    { startsOnChanged: true },
  );
  const now = services.clock.now();
  const order = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(standingOrders)
      .values({
        customerId: actor.id,
        template,
        rrule: stored.rrule,
        time: stored.time,
        startsOn: stored.startsOn,
        endsOn: stored.endsOn,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'standing_order.create',
        targetType: 'standing_order',
        targetId: row.id,
        ip: actor.ip,
        details: { rrule: stored.rrule, time: stored.time },
      },
      now,
    );
    return row;
  });
  const [data] = await toStandingOrdersJson(services, actor, [order]);
  return { success: true as const, data };
}
