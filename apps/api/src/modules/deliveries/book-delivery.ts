import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { createDelivery } from './create-delivery.js';
import { findReadableDelivery } from './deliveries.queries.js';
import type { SubmittedDeliveryForm } from './delivery-form.js';
import { toDeliveryJson } from '../../shared/delivery-json.js';
import { deliveryJsonContext } from './delivery-reply-context.js';

/** A customer books a delivery; the reply shows it as the customer will read it. */
export async function bookDelivery(services: Services, actor: Actor, submitted: SubmittedDeliveryForm) {
  const { delivery, ...booked } = await createDelivery(services, actor, submitted);
  const data = toDeliveryJson(await findReadableDelivery(services.db, actor, delivery.id), deliveryJsonContext(services));
  return { success: true as const, ...booked, data, _id: data._id };
}
