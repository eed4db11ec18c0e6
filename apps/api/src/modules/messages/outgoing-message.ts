import type { DbOrTx } from '../../db/client.js';
import type { OutgoingEmail } from '../../platform/mailer.js';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.js';
import { notifyCustomer } from '../notifications/notify-customer.js';

/** Who a message is for, as the rules name them. */
export type MessageAudience = 'owner' | 'recipient' | 'staff' | 'managers';

/**
 * One message decided and composed, ready to leave: its audience, its channel, where it goes (an account id
 * in the app, an e-mail address, an E.164 number) and what it says. Consent has been checked before it is made.
 */
export type OutgoingMessage =
  | { audience: MessageAudience; channel: 'in_app'; address: string; content: { deliveryId: string; title: string; message: string } }
  | { audience: MessageAudience; channel: 'email'; address: string; content: OutgoingEmail }
  | { audience: MessageAudience; channel: 'sms'; address: string; content: { text: string } };

/** The one place a decided list is written: in-app notices and the outbox, inside the transaction of the change. */
export async function writeMessages(tx: DbOrTx, messages: readonly OutgoingMessage[], at: Date): Promise<void> {
  for (const m of messages) {
    if (m.channel === 'in_app') await notifyCustomer(tx, { userId: m.address, ...m.content }, at);
    else if (m.channel === 'email') await enqueueEmail(tx, m.content, at);
    else await enqueueSms(tx, m.address, m.content.text, at);
  }
}
