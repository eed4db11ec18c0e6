import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DbOrTx } from '../../db/client.js';
import type { OutgoingEmail } from '../../platform/mailer.js';
import { emailOutboxRow, enqueueOutboxRows, smsOutboxRow } from '../../platform/outbox.js';
import { type CustomerNotice, notifyCustomers } from '../notifications/notify-customer.js';

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
  await writeMessageLists(tx, [{ messages, at }]);
}

/** Several decided lists (a bulk change), each with its own time: a handful of inserts whatever their length. */
export async function writeMessageLists(tx: DbOrTx, lists: readonly { messages: readonly OutgoingMessage[]; at: Date }[]): Promise<void> {
  const notices: { notice: CustomerNotice; at: Date }[] = [];
  const outbox: Parameters<typeof enqueueOutboxRows>[1][number][] = [];
  for (const { messages, at } of lists)
    for (const m of messages) {
      if (m.channel === 'in_app') notices.push({ notice: { userId: m.address, ...m.content }, at });
      else if (m.channel === 'email') outbox.push(emailOutboxRow(m.content, at));
      else outbox.push(smsOutboxRow(m.address, m.content.text, at));
    }
  await notifyCustomers(tx, notices);
  // The embedded database runs each statement on this thread: other requests get a turn between them.
  if (lists.length > 1) await yieldToEventLoop();
  await enqueueOutboxRows(tx, outbox);
}
