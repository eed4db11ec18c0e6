import { cannotMoveMessage, type TDeliveryStatus } from '@courier/contract';
import { conflict } from '../../platform/app-error.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { decideOpenAttempt } from './decide-open-attempt.js';
import { type MovePlan, moveDelivery } from './move-delivery.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

export interface StartReturnInput {
  /** The delivery's _id or tracking number. */
  idOrTrackingNumber: string;
  /** Why it goes back: kept in the custody chain and the audit row. */
  note: string;
  /** Set when a cancel after pickup became this return: kept as the delivery's cancel reason. */
  cancelReason?: string | null;
  /** Further writes in the move's transaction (an idempotency claim, a disposition row). */
  within?: MovePlan['within'];
  /**
   * Only from these statuses (409 otherwise), checked against the row the move writes: dispatch's return
   * decides a failed attempt, so a return racing a re-attempt loses instead of turning the re-attempt back.
   */
  onlyFrom?: readonly TDeliveryStatus[];
  /** Set when a manager's disposition of a held parcel decides this return (the only return a hold lets through). */
  decision?: 'return';
}

/**
 * The parcel goes back to its sender: staff decide it on a failed attempt, or a cancel (or a disposition)
 * after pickup becomes it. The driver who holds the parcel keeps it and drives it to the pickup address;
 * the return ends with the hand-back proof (returned). A failed attempt waiting for a decision is marked
 * decided. From another use case's transaction, pass `withinTransaction(services, tx)` as services.
 */
export async function startReturn(services: Services, actor: Actor, input: StartReturnInput): Promise<DeliveryRow> {
  const note = input.note.trim();
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'returning', decision: input.decision }, (d) => {
    if (input.onlyFrom && !input.onlyFrom.includes(d.status)) throw conflict(cannotMoveMessage(d.status, 'returning'));
    return {
      ...(input.cancelReason !== undefined ? { set: { cancelReason: input.cancelReason } } : {}),
      note: note ? `Returning to sender: ${note}` : 'Returning to sender',
      audit: { action: 'delivery.return', details: { note, from: d.status, cancelReason: input.cancelReason ?? null } },
      within: async (tx, row) => {
        if (d.status === 'failed_attempt') {
          await decideOpenAttempt(tx, row.id, { decision: 'return', decidedAt: row.updatedAt, decidedBy: actor.id });
        }
        await input.within?.(tx, row);
      },
    };
  });
}
