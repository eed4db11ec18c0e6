import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';

/**
 * Holds the owner's row until the transaction ends, so "count, then add if under the cap" cannot interleave: a
 * parallel request waits here and then counts what the first one added. (NO KEY UPDATE: rows that merely
 * reference the user, such as a new delivery, are not held up.)
 */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
