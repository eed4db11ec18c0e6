import { eq } from 'drizzle-orm';
import { savedAddresses } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findOwnSavedAddress } from './saved-address-json.js';

export async function deleteSavedAddress(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  assertAudience(actor, 'customer');
  await services.db.transaction(async (tx) => {
    const own = await findOwnSavedAddress(tx, actor.id, input.id);
    await tx.delete(savedAddresses).where(eq(savedAddresses.id, own.id));
  });
}
