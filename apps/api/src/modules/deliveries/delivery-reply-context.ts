import type { Services } from '../../services.js';
import type { JsonContext } from '../../shared/delivery-json.js';

/** What the delivery JSON needs to sign links and judge time, read once per reply. */
export function deliveryJsonContext({ jwtKey, clock, publicUrl, env }: Services): JsonContext {
  return { jwtKey, now: clock.now(), publicUrl, maxAttempts: env.MAX_DELIVERY_ATTEMPTS };
}
