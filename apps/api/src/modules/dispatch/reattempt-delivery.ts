import { cannotMoveMessage, type TReattemptRequest } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { deliveryAttempts } from '../../db/schema/index.js';
import { AppError, conflict } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow, moveDelivery } from '../deliveries/move-delivery.js';
import { decideOpenAttempt } from '../deliveries/decide-open-attempt.js';
import { findActiveDriver } from './assign-driver.js';

export const attemptsExhausted = (max: number) =>
  `This delivery has had ${max} failed attempt${max === 1 ? '' : 's'}, the most allowed: return it to the sender instead`;

/**
 * Staff decide a failed attempt: another attempt in a new window, by the same driver (the parcel is still
 * on board: back to in_transit) or by another driver (assigned: the new driver collects the parcel from the
 * first with the scan-checked pickup, a custody hand-over). Past MAX_DELIVERY_ATTEMPTS only a return is
 * offered (409 ATTEMPTS_EXHAUSTED).
 */
export async function reattemptDelivery(services: Services, actor: Actor, input: TReattemptRequest & { idOrTrackingNumber: string }) {
  assertAudience(actor, 'staff');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  const other = input.driverId && input.driverId !== d.driverId ? await findActiveDriver(services, input.driverId) : null;
  const to = other ? 'assigned' : 'in_transit';
  if (d.status !== 'failed_attempt') throw conflict(cannotMoveMessage(d.status, to));
  const [{ n }] = await services.db.select({ n: count() }).from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, d.id));
  const max = services.env.MAX_DELIVERY_ATTEMPTS;
  if (Number(n) >= max) throw new AppError('ATTEMPTS_EXHAUSTED', attemptsExhausted(max));
  const window = { from: new Date(input.window.from), to: new Date(input.window.to) };
  const note = input.note?.trim() ?? '';
  return moveDelivery(services, actor, { idOrTrackingNumber: d.id, to }, () => ({
    set: { estimatedDelivery: window.to, ...(other ? { driverId: other.id } : {}) },
    note: other
      ? `Re-attempt by ${other.firstName} ${other.lastName}, who collects the parcel from the first driver${note ? `: ${note}` : ''}`
      : `Re-attempt by the same driver${note ? `: ${note}` : ''}`,
    audit: {
      action: 'delivery.reattempt',
      details: {
        attempts: Number(n),
        driverId: other?.id ?? d.driverId,
        window: { from: window.from.toISOString(), to: window.to.toISOString() },
      },
    },
    message: { event: 'reattempt', window },
    within: (tx, row) =>
      decideOpenAttempt(tx, row.id, {
        decision: 'reattempt',
        decidedAt: row.updatedAt,
        decidedBy: actor.id,
        nextWindowFrom: window.from,
        nextWindowTo: window.to,
      }),
  }));
}
