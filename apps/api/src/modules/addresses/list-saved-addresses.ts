import type { TSavedAddress } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import { savedAddresses } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toSavedAddressJson } from './saved-address-json.js';

/** The caller's address book, oldest first (the order they were saved in). */
export async function listSavedAddresses(services: Services, actor: Actor): Promise<TSavedAddress[]> {
  assertAudience(actor, 'customer');
  const rows = await services.db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.ownerId, actor.id))
    .orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id));
  return rows.map(toSavedAddressJson);
}
