import { COMPANY, ROLE_IDS } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { composeEmail } from '../../platform/email.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import { type DeliveryRow, trackingUrlOf } from '../../shared/delivery-json.js';
import { notifyCustomer } from '../notifications/notify-customer.js';

/**
 * Who hears of a hold, a rejected receipt and a STAT escalation, in the app and by e-mail, inside the
 * transaction of the change. E-mails carry the order id and a link, never anything clinical.
 */

export type MedicalEvent = 'hold' | 'rejected' | 'escalated';

const STAFF = [ROLE_IDS.SUPER_ADMIN, ROLE_IDS.ADMIN, ROLE_IDS.MANAGER, ROLE_IDS.STAFF];
const MANAGERS = [ROLE_IDS.SUPER_ADMIN, ROLE_IDS.ADMIN, ROLE_IDS.MANAGER];

const STAFF_WORDS: Record<MedicalEvent, (o: string) => { title: string; message: string }> = {
  hold: (o) => ({ title: 'Delivery on hold', message: `Delivery ${o} is on hold for a temperature excursion. Record a disposition.` }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected delivery ${o}. Review it.` }),
  escalated: (o) => ({ title: 'STAT not assigned', message: `STAT delivery ${o} has no driver 15 minutes after approval.` }),
};

const OWNER_WORDS: Partial<Record<MedicalEvent, (o: string) => { title: string; message: string }>> = {
  hold: (o) => ({
    title: 'Delivery on hold',
    message: `Your delivery ${o} is on hold: a temperature reading was out of range. Dispatch will decide what happens next.`,
  }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected your delivery ${o}. Dispatch will contact you.` }),
};

async function tellAccounts(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl'>,
  d: DeliveryRow,
  roleIds: string[],
  words: { title: string; message: string },
  at: Date,
) {
  const staff = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.roleId, roleIds), eq(users.isDeleted, false), eq(users.isDisabled, false)));
  for (const s of staff) {
    await notifyCustomer(tx, { userId: s.id, deliveryId: d.id, ...words }, at);
    await enqueueEmail(
      tx,
      composeEmail({
        to: s.email,
        subject: `${d.orderId}: ${words.title}`,
        paragraphs: [`Hello ${s.firstName},`, words.message],
        action: { label: 'Open the dispatch board', href: `${services.publicUrl}/admin/dashboard` },
      }),
      at,
    );
  }
}

export async function sendMedicalMessages(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl'>,
  d: DeliveryRow,
  event: MedicalEvent,
  at: Date,
): Promise<void> {
  await tellAccounts(tx, services, d, event === 'escalated' ? MANAGERS : STAFF, STAFF_WORDS[event](d.orderId), at);
  const owner = OWNER_WORDS[event]?.(d.orderId);
  if (!owner) return;
  await notifyCustomer(tx, { userId: d.customerId, deliveryId: d.id, ...owner }, at);
  const [o] = await tx
    .select({ email: users.email, firstName: users.firstName, isDeleted: users.isDeleted })
    .from(users)
    .where(eq(users.id, d.customerId));
  if (!o || o.isDeleted) return;
  // A hold or a rejection is a safety matter about the owner's own parcel: told by e-mail whatever the update preferences.
  await enqueueEmail(
    tx,
    composeEmail({
      to: o.email,
      subject: `${d.orderId}: ${owner.title}`,
      paragraphs: [`Hello ${o.firstName},`, owner.message, `${COMPANY.name} dispatch`],
      action: { label: 'See your delivery', href: trackingUrlOf(services.publicUrl, d.orderId) },
    }),
    at,
  );
}
