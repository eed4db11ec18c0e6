import { recordAudit } from '../../platform/audit.js';
import { type Actor, readsAsStaff } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findReadableDelivery } from './deliveries.queries.js';
import type { DeliveryView } from './delivery-json.js';

/**
 * One delivery in full for its owner, its assigned driver or staff. A staff member reading someone
 * else's delivery sees the recipient's details, so the read is written to the audit log.
 */
export async function readDelivery(services: Services, actor: Actor, input: { idOrOrderId: string }): Promise<DeliveryView> {
  const view = await findReadableDelivery(services.db, actor, input.idOrOrderId);
  const d = view.delivery;
  if (readsAsStaff(actor, d)) {
    await recordAudit(
      services.db,
      { actorId: actor.id, action: 'delivery.read', targetType: 'delivery', targetId: d.id, ip: actor.ip, details: { orderId: d.orderId } },
      services.clock.now(),
    );
  }
  return view;
}
