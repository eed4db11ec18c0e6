import type { DbOrTx } from '../../db/client.js';
import type { DeliveryRow } from '../deliveries/delivery-json.js';
import type { DeliveryEvent } from '../messages/delivery-messages.js';
import { type MessageServices, sendDeliveryMessages } from '../messages/send-delivery-messages.js';

/** Inside the move's transaction: everyone who hears of this move is told (modules/messages decides who). */
export async function notifyStatusChange(
  tx: DbOrTx,
  services: MessageServices,
  d: DeliveryRow,
  at: Date,
  facts: { signedBy?: string | null; event?: DeliveryEvent } = {},
) {
  // A move is told as its new status, unless the plan names what happened (a new driver is no new status).
  await sendDeliveryMessages(tx, services, d, facts.event ?? d.status, at, facts);
}
