import { DISPOSITION_LABELS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { startReturn } from '../deliveries/start-return.js';

/** Inside the return's transaction: the hold is lifted with the decision recorded, and its custody event. */
async function recordReturnDecision(tx: Tx, actor: Actor, row: DeliveryRow, note: string) {
  const at = row.updatedAt;
  const [lifted] = await tx
    .update(deliveries)
    .set({ holdReason: null, holdSince: null, dispositionAction: 'return', dispositionNote: note, dispositionAt: at })
    .where(eq(deliveries.id, row.id))
    .returning();
  await appendHandlingEvent(tx, lifted, actor, 'disposition', `Disposition: ${DISPOSITION_LABELS.return}. ${note}`, at);
}

/**
 * The disposition 'return': the parcel goes back to the sender through the exceptions feature's return leg
 * (the exceptions' startReturn: returning, then the hand-back proof). The move, the lifted hold, the decision
 * and their custody events commit together. A parcel already on its way back only has its hold lifted.
 * A hold never blocks the hand-back to the sender: going back is the safe outcome of an excursion.
 */
export async function startReturnForHeldDelivery(
  services: Services,
  actor: Actor,
  input: { delivery: DeliveryRow; note: string; liftHold: () => Promise<void> },
): Promise<void> {
  if (input.delivery.status === 'returning') return input.liftHold();
  await startReturn(services, actor, {
    idOrTrackingNumber: input.delivery.id,
    note: `Temperature excursion: ${input.note}`,
    within: (tx, row) => recordReturnDecision(tx, actor, row, input.note),
  });
}
