import type { DbOrTx } from '../../db/client.js';
import type { DeliveryRow } from '../deliveries/delivery-json.js';
import { type MessageServices, sendDeliveryMessages } from '../messages/send-delivery-messages.js';

/** Inside the move's transaction: everyone who hears of this move is told (modules/messages decides who). */
export async function notifyStatusChange(
  tx: DbOrTx,
  services: MessageServices,
  d: DeliveryRow,
  at: Date,
  facts: { signedBy?: string | null } = {},
) {
  await sendDeliveryMessages(tx, services, d, d.status, at, facts);
}
