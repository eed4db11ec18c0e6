import { ATTEMPT_REASON_LABELS, type TAttemptReason } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { deliveryAttempts } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { placeOfFix } from './driver-place.js';
import type { DriverMoveInput } from './start-pickup-run.js';

/**
 * The driver could not hand the parcel over: the attempt (its number, reason, note and where) is kept,
 * the custody chain names the reason code, and the parcel stays on board until dispatch decides: another
 * attempt or a return.
 */
export async function recordFailedAttempt(services: Services, actor: Actor, input: DriverMoveInput & { reason?: TAttemptReason }) {
  const reason = input.reason;
  if (!reason) throw badRequest('reason: Choose why the drop failed', 'reason');
  const note = input.note?.trim() ?? '';
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'failed_attempt' }, async (d) => {
    const [{ n }] = await services.db.select({ n: count() }).from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, d.id));
    const attempt = Number(n) + 1;
    const place = placeOfFix(input.location);
    return {
      place,
      note: `Attempt ${attempt} failed [${reason}]: ${ATTEMPT_REASON_LABELS[reason]}${note ? ` — ${note}` : ''}`,
      audit: { action: 'delivery.attempt_failed', details: { attempt, reason, note } },
      message: { reason },
      within: async (tx, row) => {
        // The unique (delivery, n) makes a twin of this attempt fail rather than count twice.
        await tx.insert(deliveryAttempts).values({
          deliveryId: row.id,
          n: attempt,
          driverId: actor.id,
          reason,
          note,
          lat: input.location?.lat ?? null,
          lng: input.location?.lng ?? null,
          attemptedAt: row.updatedAt,
        });
        await input.within?.(tx, row);
      },
    };
  });
}
