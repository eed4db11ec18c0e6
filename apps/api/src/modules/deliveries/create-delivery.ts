import { MESSAGES, STABILITY_WARNING, type TCreateDeliveryRequest } from '@courier/contract';
import { deliveries } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { sendDeliveryMessages } from '../messages/send-delivery-messages.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { appendCustodyEvent } from './custody.js';
import { deliveryFormSchema, type SubmittedDeliveryForm } from './delivery-form.js';
import { estimateDelivery } from './estimate-delivery.js';
import { newOrderId } from './order-id.js';
import { cleanPackageImage, storePackageImage } from './package-image.js';

const MAX_LEAD_MS = 366 * 24 * 3_600_000;

async function placeAddresses(services: Services, form: TCreateDeliveryRequest) {
  const [pickup, drop] = await Promise.all([
    services.geocoder.geocode(form.pickupAddress),
    services.geocoder.geocode(form.deliveryAddress),
  ]);
  const unplaced = 'could not be found. Check the street, city, state and ZIP code.';
  if (!pickup) throw badRequest(`pickupAddress: Pickup address ${unplaced}`, 'pickupAddress');
  if (!drop) throw badRequest(`deliveryAddress: Delivery address ${unplaced}`, 'deliveryAddress');
  return { pickup, drop };
}

/** Collection times from the phone or the LIS may run a little ahead of the server's clock. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The handling a booking asks for, checked against the package type; the specimen's stability deadline. */
export function checkHandling(form: TCreateDeliveryRequest, now: Date): { stabilityDeadline: Date | null } {
  if (form.controlledSubstance && form.packageType !== 'MEDICATION')
    throw badRequest('controlledSubstance: Only medication can be a controlled substance', 'controlledSubstance');
  if (form.packageType !== 'SPECIMEN') {
    if (form.specimen) throw badRequest('specimen: Specimen details are only for the Specimen package type', 'specimen');
    return { stabilityDeadline: null };
  }
  if (!form.specimen) throw badRequest('specimen: A specimen needs its category, collection time and stability', 'specimen');
  const { collectedAt, stableForHours } = form.specimen;
  if (collectedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw badRequest('specimen.collectedAt: Collected at cannot be in the future', 'specimen.collectedAt');
  const stabilityDeadline = new Date(collectedAt.getTime() + stableForHours * 3_600_000);
  if (stabilityDeadline.getTime() <= now.getTime())
    throw badRequest(
      'specimen.collectedAt: The specimen is past its stability deadline (collected at + stable for hours)',
      'specimen.collectedAt',
    );
  return { stabilityDeadline };
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
  const { stabilityDeadline } = checkHandling(form, now);
  const image = submitted.image ? await cleanPackageImage(submitted.image) : null;
  const { pickup, drop } = await placeAddresses(services, form);

  const orderId = newOrderId();
  const estimatedDelivery = estimateDelivery({ deliveryType: form.deliveryType, bookedAt: now, timeZone: env.BUSINESS_TZ });
  const meetsRequiredBy = estimatedDelivery.getTime() <= form.requiredBy.getTime();
  const meetsStability = !stabilityDeadline || estimatedDelivery.getTime() <= stabilityDeadline.getTime();
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
        priority: form.priority,
        temperature: form.temperature,
        controlledSubstance: form.controlledSubstance,
        specimenCategory: form.specimen?.category ?? null,
        specimenCollectedAt: form.specimen?.collectedAt ?? null,
        specimenStableHours: form.specimen?.stableForHours ?? null,
        stabilityDeadline,
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
    await recordWebhookEvent(tx, services, { type: 'delivery.created', delivery: row });
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
    ...(meetsRequiredBy && meetsStability
      ? {}
      : {
          warning: [meetsRequiredBy ? null : MESSAGES.estimateAfterRequiredBy, meetsStability ? null : STABILITY_WARNING]
            .filter(Boolean)
            .join(' '),
        }),
  };
}
