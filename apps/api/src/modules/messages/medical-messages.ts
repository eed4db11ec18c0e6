import { COMPANY, MANAGER_ROLES, ROLE_IDS, STAFF_ROLES, type TRole } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { composeEmail } from '../../platform/email.js';
import type { Services } from '../../services.js';
import { type DeliveryRow, trackingUrlOf } from '../../shared/delivery-json.js';
import { type OutgoingMessage, writeMessages } from './outgoing-message.js';

/**
 * Who hears of a hold, a rejected receipt and a STAT escalation, in the app and by e-mail, inside the
 * transaction of the change. E-mails carry the order id and a link, never anything clinical.
 */

export type MedicalEvent = 'hold' | 'rejected' | 'escalated';

/** Staff hear of a hold and a rejection; a STAT nobody took goes to those who can reassign and decide: managers and up. */
const ACCOUNTS_TOLD: Record<MedicalEvent, { audience: 'staff' | 'managers'; roles: readonly TRole[] }> = {
  hold: { audience: 'staff', roles: STAFF_ROLES },
  rejected: { audience: 'staff', roles: STAFF_ROLES },
  escalated: { audience: 'managers', roles: MANAGER_ROLES },
};

/**
 * Safety rule, deliberate: a hold or a rejection is a safety matter about the owner's own parcel, so the owner
 * always hears of it, in the app and by e-mail, whatever their update preferences.
 */
export const OWNER_ALWAYS_HEARS: ReadonlySet<MedicalEvent> = new Set<MedicalEvent>(['hold', 'rejected']);

type Words = { title: string; message: string };

const STAFF_WORDS: Record<MedicalEvent, (o: string) => Words> = {
  hold: (o) => ({ title: 'Delivery on hold', message: `Delivery ${o} is on hold for a temperature excursion. Record a disposition.` }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected delivery ${o}. Review it.` }),
  escalated: (o) => ({ title: 'STAT not assigned', message: `STAT delivery ${o} has no driver 15 minutes after approval.` }),
};

const OWNER_WORDS: Partial<Record<MedicalEvent, (o: string) => Words>> = {
  hold: (o) => ({
    title: 'Delivery on hold',
    message: `Your delivery ${o} is on hold: a temperature reading was out of range. Dispatch will decide what happens next.`,
  }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected your delivery ${o}. Dispatch will contact you.` }),
};

interface Account {
  id: string;
  email: string;
  firstName: string;
}

/** What the database says about who may hear: the active accounts of the event's roles, and the owner (null when gone). */
export interface MedicalAudienceFacts {
  accounts: Account[];
  owner: { email: string; firstName: string; isDeleted: boolean } | null;
}

/** Every message of a medical event, decided and composed in the order they are written. Pure: the facts are read before. */
export function planMedicalMessages(
  services: Pick<Services, 'publicUrl'>,
  d: DeliveryRow,
  event: MedicalEvent,
  facts: MedicalAudienceFacts,
): OutgoingMessage[] {
  const { audience } = ACCOUNTS_TOLD[event];
  const words = STAFF_WORDS[event](d.orderId);
  const out: OutgoingMessage[] = facts.accounts.flatMap((s): OutgoingMessage[] => [
    { audience, channel: 'in_app', address: s.id, content: { deliveryId: d.id, ...words } },
    {
      audience,
      channel: 'email',
      address: s.email,
      content: composeEmail({
        to: s.email,
        subject: `${d.orderId}: ${words.title}`,
        paragraphs: [`Hello ${s.firstName},`, words.message],
        action: { label: 'Open the dispatch board', href: `${services.publicUrl}/admin/dashboard` },
      }),
    },
  ]);
  const owner = OWNER_ALWAYS_HEARS.has(event) ? OWNER_WORDS[event]?.(d.orderId) : undefined;
  if (!owner) return out;
  out.push({ audience: 'owner', channel: 'in_app', address: d.customerId, content: { deliveryId: d.id, ...owner } });
  if (facts.owner && !facts.owner.isDeleted)
    out.push({
      audience: 'owner',
      channel: 'email',
      address: facts.owner.email,
      content: composeEmail({
        to: facts.owner.email,
        subject: `${d.orderId}: ${owner.title}`,
        paragraphs: [`Hello ${facts.owner.firstName},`, owner.message, `${COMPANY.name} dispatch`],
        action: { label: 'See your delivery', href: trackingUrlOf(services.publicUrl, d.orderId) },
      }),
    });
  return out;
}

async function readMedicalAudienceFacts(tx: DbOrTx, d: DeliveryRow, event: MedicalEvent): Promise<MedicalAudienceFacts> {
  const accounts = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        inArray(
          users.roleId,
          ACCOUNTS_TOLD[event].roles.map((role) => ROLE_IDS[role]),
        ),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
      ),
    );
  if (!OWNER_ALWAYS_HEARS.has(event)) return { accounts, owner: null };
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName, isDeleted: users.isDeleted })
    .from(users)
    .where(eq(users.id, d.customerId));
  return { accounts, owner: owner ?? null };
}

/** A medical event's messages, inside the transaction of the change: read who may hear, decide and compose, write. */
export async function sendMedicalMessages(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl'>,
  d: DeliveryRow,
  event: MedicalEvent,
  at: Date,
): Promise<void> {
  await writeMessages(tx, planMedicalMessages(services, d, event, await readMedicalAudienceFacts(tx, d, event)), at);
}
