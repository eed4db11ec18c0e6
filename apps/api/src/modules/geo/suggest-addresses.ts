import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';

/** Up to five address suggestions; under two characters there is nothing worth paying the geocoder for. */
export async function suggestAddresses({ geocoder }: Services, actor: Actor, input: { q: string }) {
  assertAudience(actor, 'signedIn');
  return { success: true as const, data: input.q.length >= 2 ? (await geocoder.autocomplete(input.q, 5)).slice(0, 5) : [] };
}
