import type { TSavedAddress } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { savedAddresses } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { isUuid } from '../../shared/ids.js';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

export const SAVED_ADDRESS_NOT_FOUND = 'Saved address not found';

export function toSavedAddressJson(row: SavedAddressRow): TSavedAddress {
  return {
    _id: row.id,
    kind: row.kind,
    label: row.label,
    address: row.address,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The entry, locked, when the policy's `allowed` lets the caller at it; another customer's (or no such) id answers the same 404. */
export async function findSavedAddress(db: DbOrTx, id: string, allowed: (row: SavedAddressRow) => boolean): Promise<SavedAddressRow> {
  if (!isUuid(id)) throw notFound(SAVED_ADDRESS_NOT_FOUND);
  const [row] = await db.select().from(savedAddresses).where(eq(savedAddresses.id, id)).limit(1).for('update');
  if (!row || !allowed(row)) throw notFound(SAVED_ADDRESS_NOT_FOUND);
  return row;
}
