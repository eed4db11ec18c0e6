import { AUTH_ERRORS, MESSAGES, type TUpdateProfileRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayUseOwnAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toPublicUser } from './user-response.js';

/** Changes first name, last name, phone and organisation: the only fields this call can reach. */
export async function updateProfile(services: Services, actor: Actor, input: TUpdateProfileRequest) {
  if (!mayUseOwnAccount(actor)) throw forbidden();
  const { db, clock } = services;
  const userId = actor.id;
  const now = clock.now();
  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    ...(input.organisation === undefined ? {} : { organisation: input.organisation }),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw unauthorized(AUTH_ERRORS.invalid);
    await recordAudit(
      tx,
      {
        actorId: userId,
        action: 'account.profile.updated',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: { fields: Object.keys(changes) },
      },
      now,
    );
    return { success: true as const, message: MESSAGES.profileUpdated, data: toPublicUser(row) };
  });
}
