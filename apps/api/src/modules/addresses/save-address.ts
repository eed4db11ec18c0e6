import { SAVED_ADDRESS_CAP, SAVED_ADDRESS_CAP_MESSAGE, type TCreateSavedAddressRequest, type TSavedAddress } from '@courier/contract';
import { count, eq } from 'drizzle-orm';
import { savedAddresses, users } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toSavedAddressJson } from './saved-address-json.js';

/**
 * Adds a pickup point or a recipient to the caller's address book, up to the cap. The owner's row is locked
 * so two saves at once cannot both slip under the cap.
 */
export async function saveAddress(services: Services, actor: Actor, input: TCreateSavedAddressRequest): Promise<TSavedAddress> {
  assertAudience(actor, 'customer');
  const { db, clock } = services;
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.ownerId, actor.id));
    if (n >= SAVED_ADDRESS_CAP) throw conflict(SAVED_ADDRESS_CAP_MESSAGE);
    const [row] = await tx
      .insert(savedAddresses)
      .values({
        ownerId: actor.id,
        kind: input.kind,
        label: input.label,
        address: input.address,
        contactName: input.contactName,
        phone: input.phone,
        email: input.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toSavedAddressJson(row);
  });
}
