import { MESSAGES, type TCreateDeliveryRequest } from '@courier/contract';
import { deliveries } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { sendDeliveryMessages } from '../messages/send-delivery-messages.js';
import { appendCustodyEvent } from './custody.js';
import { deliveryFormSchema, type SubmittedDeliveryForm } from './delivery-form.js';
import { estimateDelivery } from './estimate-delivery.js';
import { newOrderId } from './order-id.js';
import { assertInServiceArea } from './service-area.js';
import { cleanPackageImage, storePackageImage } from './package-image.js';

const MAX_LEAD_MS = 366 * 24 * 3_600_000;

async function placeAddresses(services: Services, form: TCreateDeliveryRequest) {
  const [pickup, drop] = await Promise.all([
    services.geocoder.geocode(form.pickupAddress),
    services.geocoder.geocode(form.deliveryAddress),
  ]);
  const unplaced = 'could not be found. Check the street, city, state and ZIP code.';
  if (!pickup) throw badRequest(`pickupAddress: Pickup address ${unplaced}`, 'pickupAddress');
  assertInServiceArea(services.env.SERVICE_AREA_STATES, 'pickupAddress', pickup);
  if (!drop) throw badRequest(`deliveryAddress: Delivery address ${unplaced}`, 'deliveryAddress');
  assertInServiceArea(services.env.SERVICE_AREA_STATES, 'deliveryAddress', drop);
  return { pickup, drop };
}

/**
 * A customer's delivery request: validated, both addresses placed on the map, the image cleaned; then in one
 * transaction the delivery (pending, with an unguessable tracking number and an estimate), its first custody
 * event, its messages (the customer's, staff's) and the audit row.
 */
export async function createDelivery(services: Services, actor: Actor, submitted: SubmittedDeliveryForm) {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can request a delivery');
  const { clock, env, db, storage } = services;
  const now = clock.now();
  const form = deliveryFormSchema(env.BUSINESS_TZ).parse(submitted.fields);
  if (form.requiredBy.getTime() <= now.getTime()) throw badRequest('requiredBy: Required-by must be in the future', 'requiredBy');
  if (form.requiredBy.getTime() > now.getTime() + MAX_LEAD_MS)
    throw badRequest('requiredBy: Required-by must be within a year', 'requiredBy');
  const image = submitted.image ? await cleanPackageImage(submitted.image) : null;
  const { pickup, drop } = await placeAddresses(services, form);

  const orderId = newOrderId();
  const estimatedDelivery = estimateDelivery({ deliveryType: form.deliveryType, bookedAt: now, timeZone: env.BUSINESS_TZ });
  const meetsRequiredBy = estimatedDelivery.getTime() <= form.requiredBy.getTime();
  const delivery = await db.transaction(async (tx) => {
    const packageImageId = image ? await storePackageImage(tx, storage, actor.id, image, now) : null;
    const [row] = await tx
      .insert(deliveries)
      .values({
        orderId,
        customerId: actor.id,
        senderPhone: form.senderPhone,
        pickupAddress: form.pickupAddress,
        pickupLabel: pickup.label,
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        recipientName: form.recipientName,
        recipientPhone: form.recipientPhone,
        recipientEmail: form.recipientEmail,
        deliveryAddress: form.deliveryAddress,
        deliveryLabel: drop.label,
        deliveryLat: drop.lat,
        deliveryLng: drop.lng,
        requiredBy: form.requiredBy,
        packageType: form.packageType,
        packageSize: form.packageSize,
        deliveryType: form.deliveryType,
        specialInstructions: form.specialInstructions,
        status: 'pending',
        estimatedDelivery,
        packageImageId,
        currentLabel: pickup.label,
        currentLat: pickup.lat,
        currentLng: pickup.lng,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await appendCustodyEvent(tx, {
      deliveryId: row.id,
      status: 'pending',
      locationLabel: pickup.label,
      lat: pickup.lat,
      lng: pickup.lng,
      actorId: actor.id,
      actorRole: actor.role,
      note: 'Delivery requested',
      at: now,
    });
    await sendDeliveryMessages(tx, services, row, 'requested', now);
    await recordAudit(
      tx,
      { actorId: actor.id, action: 'delivery.create', targetType: 'delivery', targetId: row.id, ip: actor.ip, details: { orderId } },
      now,
    );
    await publishLiveEvent(tx, deliveryLiveEvent('delivery.created', row));
    return row;
  });
  services.outbox.kick();
  return {
    delivery,
    message: MESSAGES.deliverySubmitted,
    meetsRequiredBy,
    ...(meetsRequiredBy ? {} : { warning: MESSAGES.estimateAfterRequiredBy }),
  };
}
