import { COMPANY, MANAGER_ROLES, mayRecordDisposition, ROLE_IDS, roleFromId, STAFF_ROLES, type TRole } from '@courier/contract';
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

/** pieces_left: pieces not handed over at pickup; pickup_refused: a drug test refused (form number or seal). */
/** logger_gap: a logger on board went quiet for longer than three of its intervals (dispatch only). */
export type MedicalEvent = 'hold' | 'rejected' | 'escalated' | 'pieces_left' | 'pickup_refused' | 'logger_gap';

/** Staff hear of a hold and a rejection; a STAT nobody took goes to those who can reassign and decide: managers and up. */
const ACCOUNTS_TOLD: Record<MedicalEvent, { audience: 'staff' | 'managers'; roles: readonly TRole[] }> = {
  hold: { audience: 'staff', roles: STAFF_ROLES },
  rejected: { audience: 'staff', roles: STAFF_ROLES },
  escalated: { audience: 'managers', roles: MANAGER_ROLES },
  pieces_left: { audience: 'staff', roles: STAFF_ROLES },
  pickup_refused: { audience: 'staff', roles: STAFF_ROLES },
  logger_gap: { audience: 'staff', roles: STAFF_ROLES },
};

/**
 * Safety rule, deliberate: a hold or a rejection is a safety matter about the owner's own parcel, so the owner
 * always hears of it, in the app and by e-mail, whatever their update preferences.
 */
export const OWNER_ALWAYS_HEARS: ReadonlySet<MedicalEvent> = new Set<MedicalEvent>(['hold', 'rejected', 'pieces_left', 'pickup_refused']);

type Words = { title: string; message: string };

/** A hold asks for a disposition, which only a MANAGER and above records: STAFF are told who decides. */
const STAFF_WORDS: Record<MedicalEvent, (o: string, role: TRole | undefined, detail: string) => Words> = {
  hold: (o, role) => ({
    title: 'Delivery on hold',
    message: `Delivery ${o} is on hold for a temperature excursion. ${
      mayRecordDisposition(role) ? 'Record a disposition.' : 'A manager records the disposition: do not deliver until then.'
    }`,
  }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected delivery ${o}. Review it.` }),
  escalated: (o) => ({ title: 'STAT not assigned', message: `STAT delivery ${o} has no driver 15 minutes after approval.` }),
  pieces_left: (o, _role, detail) => ({
    title: 'Pieces not handed over',
    message: `Delivery ${o} left pickup without every piece: ${detail}.`,
  }),
  pickup_refused: (o, _role, detail) => ({ title: 'Pickup refused', message: `The driver refused delivery ${o} at pickup: ${detail}.` }),
  logger_gap: (o, _role, detail) => ({
    title: 'Logger silent',
    message: `The temperature logger with delivery ${o} has gone quiet: ${detail}. Ask the driver to check the cooler.`,
  }),
};

const OWNER_WORDS: Partial<Record<MedicalEvent, (o: string, detail: string) => Words>> = {
  hold: (o) => ({
    title: 'Delivery on hold',
    message: `Your delivery ${o} is on hold: a temperature reading was out of range. Dispatch will decide what happens next.`,
  }),
  rejected: (o) => ({ title: 'Receipt rejected', message: `The receiver rejected your delivery ${o}. Dispatch will contact you.` }),
  pieces_left: (o, detail) => ({
    title: 'Pieces not handed over',
    message: `The driver collected your delivery ${o} without every piece: ${detail}. The rest are on their way; dispatch will contact you.`,
  }),
  pickup_refused: (o, detail) => ({
    title: 'Pickup refused',
    message: `The driver could not take your delivery ${o}: ${detail}. It stays with you; dispatch will contact you.`,
  }),
};

interface Account {
  id: string;
  email: string;
  firstName: string;
  /** Decides the words of a hold: who records the disposition. */
  roleId?: string;
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
  detail = '',
): OutgoingMessage[] {
  const { audience } = ACCOUNTS_TOLD[event];
  const out: OutgoingMessage[] = facts.accounts.flatMap((s): OutgoingMessage[] => {
    const words = STAFF_WORDS[event](d.orderId, s.roleId ? roleFromId(s.roleId) : undefined, detail);
    return [
      { audience, channel: 'in_app', address: s.id, content: { deliveryId: d.id, ...words } },
      {
        audience,
        channel: 'email',
        address: s.email,
        content: composeEmail({
          to: s.email,
          subject: `${d.orderId}: ${words.title}`,
          paragraphs: [`Hello ${s.firstName},`, words.message],
          // The held (or rejected, or waiting) delivery's own page in the staff console.
          action: { label: 'Open the delivery', href: `${services.publicUrl}/admin/deliveries/${d.id}` },
        }),
      },
    ];
  });
  const owner = OWNER_ALWAYS_HEARS.has(event) ? OWNER_WORDS[event]?.(d.orderId, detail) : undefined;
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
    .select({ id: users.id, email: users.email, firstName: users.firstName, roleId: users.roleId })
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
  /** What the words name (which pieces, why), never anything clinical. */
  detail = '',
): Promise<void> {
  await writeMessages(tx, planMedicalMessages(services, d, event, await readMedicalAudienceFacts(tx, d, event), detail), at);
}
