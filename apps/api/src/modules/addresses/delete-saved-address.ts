import { eq } from 'drizzle-orm';
import { savedAddresses } from '../../db/schema/index.js';
import { type Actor, assertAudience, mayUseSavedAddress } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findSavedAddress } from './saved-address-json.js';

export async function deleteSavedAddress(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  assertAudience(actor, 'customer');
  await services.db.transaction(async (tx) => {
    const own = await findSavedAddress(tx, input.id, (row) => mayUseSavedAddress(actor, row));
    await tx.delete(savedAddresses).where(eq(savedAddresses.id, own.id));
  });
}
