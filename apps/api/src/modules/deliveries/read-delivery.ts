import { PLACELESS_STATUSES, type TDeliveryEvent, type TDeliveryStatus } from '@courier/contract';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayReadDeliveryStory, readsAsStaff } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { listCustodyEvents } from './custody.js';
import { findReadableDelivery } from './deliveries.queries.js';
import type { DeliveryRow, DeliveryView } from '../../shared/delivery-json.js';

/** What only the owner reads on their delivery page: every step with its exact place, and why it was cancelled. */
export interface DeliveryStory {
  timeline: TDeliveryEvent[];
  deliveredAt: string | null;
  cancelReason: string | null;
}

export interface DeliveryRead {
  view: DeliveryView;
  /** Null for anyone but the owner. */
  story: DeliveryStory | null;
}

/** The owner typed the addresses: a step at pickup or drop-off reads as that address, others as their label. */
function exactPlace(d: DeliveryRow, status: TDeliveryStatus, label: string | null): string | null {
  if (status === 'pending' || status === 'picked_up') return d.pickupAddress;
  if (status === 'delivered') return d.deliveryAddress;
  if (PLACELESS_STATUSES.includes(status)) return null;
  return label;
}

/**
 * One delivery in full for its owner, its assigned driver or staff; its story (timeline, proof, cancel
 * reason) for the owner only. A staff member reading someone else's delivery sees the recipient's details,
 * so the read is written to the audit log.
 */
export async function readDelivery(services: Services, actor: Actor, input: { idOrTrackingNumber: string }): Promise<DeliveryRead> {
  const view = await findReadableDelivery(services.db, actor, input.idOrTrackingNumber);
  const d = view.delivery;
  if (readsAsStaff(actor, d)) {
    await recordAudit(
      services.db,
      { actorId: actor.id, action: 'delivery.read', targetType: 'delivery', targetId: d.id, ip: actor.ip, details: { orderId: d.orderId } },
      services.clock.now(),
    );
  }
  if (!mayReadDeliveryStory(actor, d)) return { view: { ...view, pod: null }, story: null };
  // The owner's timeline is the status moves; readings, holds and receipts reach them as the handling fields.
  const events = (await listCustodyEvents(services.db, d.id)).filter((e) => e.kind === null);
  const timeline = events.map((e) => ({
    status: e.status,
    place: exactPlace(d, e.status, e.locationLabel),
    coords: e.lat !== null && e.lng !== null && !PLACELESS_STATUSES.includes(e.status) ? { lat: e.lat, lng: e.lng } : null,
    timestamp: e.createdAt.toISOString(),
  }));
  const delivered = d.status === 'delivered' ? (events.findLast((e) => e.status === 'delivered')?.createdAt ?? view.pod?.capturedAt) : null;
  return {
    view,
    story: {
      timeline,
      deliveredAt: delivered ? delivered.toISOString() : null,
      cancelReason: d.status === 'cancelled' ? d.cancelReason : null,
    },
  };
}
