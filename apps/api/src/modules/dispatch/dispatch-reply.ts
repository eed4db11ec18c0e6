import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { deliveryJsonContext } from '../deliveries/delivery-reply-context.js';
import { dispatchAnswer } from './dispatch.queries.js';

/** After a staff move or read, the console gets the delivery as it now stands. */
export async function toDispatchDeliveryJson(services: Services, reader: Actor, deliveryId: string, message: string) {
  return { success: true as const, message, data: await dispatchAnswer(services.db, deliveryId, deliveryJsonContext(services, reader)) };
}
