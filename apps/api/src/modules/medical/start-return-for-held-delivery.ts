import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../deliveries/delivery-json.js';

/**
 * The disposition 'return': the parcel goes back to the sender. The return leg itself belongs to the
 * exceptions feature (issue 23); until it is merged, the hold is lifted with the decision recorded, and
 * the return is left for dispatch to arrange. WIRE AT MERGE: call issue 23's return use case here, after
 * lifting the hold, in place of the recorded-only decision.
 */
export async function startReturnForHeldDelivery(
  _services: Services,
  _actor: Actor,
  input: { delivery: DeliveryRow; note: string; liftHold: () => Promise<void> },
): Promise<void> {
  await input.liftHold();
}
