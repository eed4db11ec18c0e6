import { type Actor, isStaffActor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { type JsonContext, toDeliveryJson } from '../../shared/delivery-json.js';
import { findReadableDelivery } from './deliveries.queries.js';

/** What the delivery JSON needs to sign links (for this reader) and judge time, read once per reply. */
export function deliveryJsonContext({ jwtKey, clock, publicUrl, env }: Services, reader: Pick<Actor, 'id' | 'role'>): JsonContext {
  return {
    jwtKey,
    now: clock.now(),
    readerId: reader.id,
    publicUrl,
    maxAttempts: env.MAX_DELIVERY_ATTEMPTS,
    readerSeesPrices: isStaffActor(reader),
  };
}

/** After a customer's own booking or cancel, the delivery as they will read it. */
export async function toOwnDeliveryJson(services: Services, actor: Actor, deliveryId: string) {
  return toDeliveryJson(await findReadableDelivery(services.db, actor, deliveryId), deliveryJsonContext(services, actor));
}
