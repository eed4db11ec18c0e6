import { notFound } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';

export const ADDRESS_NOT_FOUND = 'address: We could not find this address';

/** One address turned into a place with coordinates, or 404 naming the field. */
export async function geocodeAddress({ geocoder }: Services, actor: Actor, input: { address: string }) {
  assertAudience(actor, 'signedIn');
  const place = await geocoder.geocode(input.address);
  if (!place) throw notFound(ADDRESS_NOT_FOUND);
  return { success: true as const, data: place };
}
