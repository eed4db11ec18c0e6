import { AUTH_ERRORS, MESSAGES, type TNotificationPreferencesShape, type TUpdateNotificationPreferencesRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../platform/app-error.js';
import { type Actor, mayUseOwnAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { emailEventsOf, toPublicUser } from './user-response.js';

/** Sets the flags sent and keeps the others; answers the whole set. */
export async function updateNotificationPreferences(services: Services, actor: Actor, input: TUpdateNotificationPreferencesRequest) {
  if (!mayUseOwnAccount(actor)) throw forbidden();
  const { db, clock } = services;
  const userId = actor.id;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!row) throw unauthorized(AUTH_ERRORS.invalid);
    const current = toPublicUser(row).notificationPreferences;
    const next: TNotificationPreferencesShape = {
      emailUpdates: input.emailUpdates ?? current.emailUpdates,
      smsUpdates: input.smsUpdates ?? current.smsUpdates,
      marketingEmails: input.marketingEmails ?? current.marketingEmails,
      emailEvents: input.emailEvents ? emailEventsOf({ emailEvents: input.emailEvents }) : current.emailEvents,
    };
    await tx.update(users).set({ notificationPreferences: next, updatedAt: clock.now() }).where(eq(users.id, userId));
    return { success: true as const, message: MESSAGES.preferencesUpdated, data: next };
  });
}
