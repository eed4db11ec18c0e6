import { ZStandingOrderDeliveryFields, type ZUpdateStandingOrderRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { standingOrders } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeStandingOrder, mayEditStandingOrderDelivery, mayPreApproveStandingOrder } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toStandingOrdersJson } from './standing-order-json.js';
import { templateOf } from './occurrence-fields.js';
import { checkStandingOrder } from './standing-order-rules.js';
import { findStandingOrder, type StandingOrderRow } from './standing-orders.queries.js';

export type TStandingOrderChanges = z.output<typeof ZUpdateStandingOrderRequest>;

/**
 * Pause, resume, pre-approve or edit a standing order. Edits shape future occurrences only: deliveries already
 * booked stay as they are. The owner edits the delivery and schedule (which withdraws a pre-approval given for
 * what staff saw); staff pre-approve; either pauses and resumes.
 */
export async function updateStandingOrder(services: Services, actor: Actor, input: { id: string; changes: TStandingOrderChanges }) {
  const order = await findStandingOrder(services.db, input.id, (o) => mayChangeStandingOrder(actor, o));
  const { schedule, startsOn, endsOn, status, preApproved, ...deliveryEdits } = input.changes;
  if (preApproved !== undefined && !mayPreApproveStandingOrder(actor)) throw forbidden('Only staff can pre-approve a standing order');
  const edits = schedule !== undefined || startsOn !== undefined || endsOn !== undefined || Object.keys(deliveryEdits).length > 0;
  if (edits && !mayEditStandingOrderDelivery(actor, order))
    throw forbidden('Only the customer who set up a standing order can change its delivery or schedule');
  if (order.status === 'ended') throw conflict('This standing order has ended and can no longer change');

  const set: Partial<StandingOrderRow> = {};
  if (edits) {
    const merged = { ...templateOf(order.template, services.env.BUSINESS_TZ), ...deliveryEdits };
    // A package that is no longer a specimen drops the specimen's details (the edit cannot send "no specimen").
    if (deliveryEdits.packageType !== undefined && merged.packageType !== 'SPECIMEN' && deliveryEdits.specimen === undefined)
      delete merged.specimen;
    const template = ZStandingOrderDeliveryFields.parse(merged);
    const stored = await checkStandingOrder(
      services,
      actor,
      {
        rrule: schedule?.rrule ?? order.rrule,
        time: schedule?.time ?? order.time,
        startsOn: startsOn ?? order.startsOn,
        endsOn: endsOn === undefined ? order.endsOn : endsOn,
      },
      template,
      { startsOnChanged: startsOn !== undefined && startsOn !== order.startsOn },
    );
    Object.assign(set, { template, ...stored, preApprovedBy: null });
  }
  if (status !== undefined) set.status = status;
  if (preApproved !== undefined) set.preApprovedBy = preApproved ? actor.id : null;
  const now = services.clock.now();
  const updated = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(standingOrders)
      .set({ ...set, updatedAt: now })
      .where(eq(standingOrders.id, order.id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'standing_order.update',
        targetType: 'standing_order',
        targetId: order.id,
        ip: actor.ip,
        details: { changed: Object.keys(input.changes), status: row.status, preApproved: row.preApprovedBy !== null },
      },
      now,
    );
    return row;
  });
  const [data] = await toStandingOrdersJson(services, actor, [updated]);
  return { success: true as const, data };
}
