import type { TSavedAddress, TUpdateSavedAddressRequest } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { savedAddresses } from '../../db/schema/index.js';
import { type Actor, assertAudience, mayUseSavedAddress } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findSavedAddress, toSavedAddressJson } from './saved-address-json.js';

export async function renameSavedAddress(
  services: Services,
  actor: Actor,
  input: { id: string } & TUpdateSavedAddressRequest,
): Promise<TSavedAddress> {
  assertAudience(actor, 'customer');
  const { db, clock } = services;
  return db.transaction(async (tx) => {
    const own = await findSavedAddress(tx, input.id, (row) => mayUseSavedAddress(actor, row));
    const [row] = await tx
      .update(savedAddresses)
      .set({ label: input.label, updatedAt: clock.now() })
      .where(eq(savedAddresses.id, own.id))
      .returning();
    return toSavedAddressJson(row);
  });
}
