import { ADMIN_ROLES, ROLE_IDS } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { publishLiveEvent } from '../../platform/live-events.js';
import type { GivenUpMessage } from '../../platform/outbox.js';

export const FAILED_MESSAGE_TITLE = 'A message could not be sent';

/** A bell notice to every active administrator when a message fails for good, in the transaction that marks it. */
export async function tellAdminsOfFailedMessage(tx: DbOrTx, m: GivenUpMessage, at: Date): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.roleId,
          ADMIN_ROLES.map((r) => ROLE_IDS[r]),
        ),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
      ),
    );
  if (admins.length === 0) return;
  const what = m.channel === 'email' ? `The e-mail “${m.subject}” to ${m.recipient}` : `The text message to ${m.recipient}`;
  const tries = m.attempts > 1 ? ` after ${m.attempts} tries` : '';
  const message = `${what} failed for good${tries}: ${m.reason}. Retry it from Failed messages once the address or number is fixed.`.slice(
    0,
    1000,
  );
  await tx.insert(notifications).values(admins.map((a) => ({ userId: a.id, title: FAILED_MESSAGE_TITLE, message, createdAt: at })));
  await publishLiveEvent(tx, { type: 'notification.created', userIds: admins.map((a) => a.id) });
}
