import type { DbOrTx } from '../../db/client.js';
import type { DeliveryRow } from '../deliveries/delivery-json.js';
import type { DeliveryEvent } from '../messages/delivery-messages.js';
import { type MessageExtra, type MessageServices, sendDeliveryMessages } from '../messages/send-delivery-messages.js';

/** Inside the move's transaction: everyone who hears of this move is told (modules/messages decides who). */
export async function notifyStatusChange(
  tx: DbOrTx,
  services: MessageServices,
  d: DeliveryRow,
  at: Date,
  facts: MessageExtra & { event?: DeliveryEvent } = {},
) {
  const { event, ...extra } = facts;
  await sendDeliveryMessages(tx, services, d, event ?? d.status, at, extra);
}
