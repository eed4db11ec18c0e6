import { AppError } from '../../platform/app-error.js';
import { US_STATE_CODES } from '../../platform/geocoder/us-states.js';
import type { GeoPlace } from '../../platform/geocoder/geocoder.js';

const CODES = new Set(Object.values(US_STATE_CODES));

/** The two-letter state of a place label ("Boston, MA 02115", "Concord, New Hampshire"), or undefined. */
export function stateOfPlace(place: Pick<GeoPlace, 'label'>): string | undefined {
  const last = place.label.split(',').at(-1)?.trim() ?? '';
  const words = last.replace(/\s+\d{5}(-\d{4})?$/, '').trim();
  const upper = words.toUpperCase();
  if (CODES.has(upper)) return upper;
  return US_STATE_CODES[words.toLowerCase()];
}

const FIELD_NAMES = { pickupAddress: 'Pickup address', deliveryAddress: 'Delivery address' } as const;

/**
 * Refuses a pickup or drop-off outside SERVICE_AREA_STATES (unset: anywhere), naming the field. A place whose
 * state cannot be read is outside too: the courier cannot promise to go there.
 */
export function assertInServiceArea(
  states: readonly string[] | undefined,
  field: keyof typeof FIELD_NAMES,
  place: Pick<GeoPlace, 'label'>,
): void {
  if (!states || states.length === 0) return;
  const state = stateOfPlace(place);
  if (state && states.includes(state)) return;
  const where = state ? `in ${state}` : `at ${place.label}`;
  throw new AppError(
    'OUTSIDE_SERVICE_AREA',
    `${field}: ${FIELD_NAMES[field]} ${where} is outside our service area (we serve ${states.join(', ')}).`,
    { field },
  );
}
