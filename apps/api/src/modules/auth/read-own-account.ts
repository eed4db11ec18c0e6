import { AUTH_ERRORS, type TMeResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../platform/app-error.js';
import { type Actor, mayUseOwnAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toPublicUser } from './user-response.js';

/** The signed-in user's own account, as the account page shows it. */
export async function readOwnAccount(services: Services, actor: Actor): Promise<TMeResponse> {
  if (!mayUseOwnAccount(actor)) throw forbidden();
  const [row] = await services.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!row) throw unauthorized(AUTH_ERRORS.invalid);
  return { success: true as const, data: toPublicUser(row) };
}
