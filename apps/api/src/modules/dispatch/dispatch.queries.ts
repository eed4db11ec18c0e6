import {
  DEFAULT_MAX_DELIVERY_ATTEMPTS,
  EXCEPTION_DECISION_MINUTES,
  FINAL_STATUSES,
  LATE_WINDOW_MINUTES,
  type TAdminDelivery,
  type TDeliveryStatus,
  type TPersonRef,
} from '@courier/contract';
import { and, eq, lte, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryReturns, proofsOfDelivery, shippingLabels, users } from '../../db/schema/index.js';
import { type AttemptRow, openAttempt } from '../../shared/attempts-json.js';
import { type DeliveryView, type JsonContext, toDeliveryJson } from '../../shared/delivery-json.js';
import { DELIVERY_VIEW_COLUMNS } from '../deliveries/deliveries.queries.js';

export const customers = alias(users, 'customer');
export const drivers = alias(users, 'driver');

type PersonRow = { id: string; firstName: string; lastName: string; email: string; phone: string };

export interface DispatchView extends DeliveryView {
  customer: (PersonRow & { organisation: string }) | null;
  driver: PersonRow | null;
}

/** Deliveries as staff see them: with their label, proof, customer and driver. */
export function selectDispatchViews(db: DbOrTx) {
  return db
    .select({
      ...DELIVERY_VIEW_COLUMNS,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        organisation: customers.organisation,
      },
      driver: { id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName, email: drivers.email, phone: drivers.phone },
    })
    .from(deliveries)
    .leftJoin(shippingLabels, eq(shippingLabels.deliveryId, deliveries.id))
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .leftJoin(deliveryReturns, eq(deliveryReturns.deliveryId, deliveries.id))
    .leftJoin(customers, eq(customers.id, deliveries.customerId))
    .leftJoin(drivers, eq(drivers.id, deliveries.driverId));
}
export type { PersonRow };

/** Over, or on its way back to the sender: its required-by no longer applies. */
const NEVER_LATE: readonly TDeliveryStatus[] = [...FINAL_STATUSES, 'returning'];

/** Not yet handed over (nor withdrawn) and required-by past or within the late window. */
export function lateCondition(now: Date): SQL {
  const edge = new Date(now.getTime() + LATE_WINDOW_MINUTES * 60_000);
  return and(notInArray(deliveries.status, [...NEVER_LATE]), lte(deliveries.requiredBy, edge)) as SQL;
}

export function isLate(d: { status: string; requiredBy: Date | null }, now: Date): boolean {
  if (NEVER_LATE.includes(d.status as TDeliveryStatus) || !d.requiredBy) return false;
  return d.requiredBy.getTime() <= now.getTime() + LATE_WINDOW_MINUTES * 60_000;
}

/** A failed attempt dispatch has not decided on within EXCEPTION_DECISION_MINUTES. */
export function isDecisionLate(status: string, attempts: AttemptRow[], now: Date): boolean {
  const open = openAttempt(status, attempts);
  return !!open && new Date(open.at).getTime() <= now.getTime() - EXCEPTION_DECISION_MINUTES * 60_000;
}

const ref = (p: PersonRow | null): TPersonRef | null =>
  p ? { _id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email, phone: p.phone } : null;

export function toDispatchJson(view: DispatchView, ctx: JsonContext): TAdminDelivery {
  const d = view.delivery;
  return {
    ...toDeliveryJson(view, ctx),
    customer: view.customer
      ? { ...(ref(view.customer) as TPersonRef), organisation: view.customer.organisation }
      : { _id: d.customerId, name: '', email: '', phone: '', organisation: '' },
    driver: ref(view.driver),
    isLate: isLate(d, ctx.now),
    decisionLate: isDecisionLate(d.status, view.attempts, ctx.now),
    canReattempt: d.status === 'failed_attempt' && view.attempts.length < (ctx.maxAttempts ?? DEFAULT_MAX_DELIVERY_ATTEMPTS),
    currentLocation: d.currentLabel,
    currentCoords: d.currentLat !== null && d.currentLng !== null ? { lat: d.currentLat, lng: d.currentLng } : null,
    cancelReason: d.cancelReason,
  };
}

export async function findDispatchView(db: DbOrTx, deliveryId: string): Promise<DispatchView | undefined> {
  const [view] = await selectDispatchViews(db).where(eq(deliveries.id, deliveryId)).limit(1);
  return view;
}

/** A moved or read delivery as the console shows it. */
export async function dispatchAnswer(db: DbOrTx, deliveryId: string, ctx: JsonContext): Promise<TAdminDelivery> {
  const view = await findDispatchView(db, deliveryId);
  if (!view) throw new Error(`delivery ${deliveryId} vanished`);
  return toDispatchJson(view, ctx);
}
