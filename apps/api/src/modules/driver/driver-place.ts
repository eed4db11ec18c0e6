import type { TCoords } from '@courier/contract';
import { nearestGazetteerPlace } from '../../platform/geocoder/offline.js';
import type { Place } from '../deliveries/move-delivery.js';

/** A phone's fix, labelled with the nearest gazetteer place (never a street). */
export function placeOfFix(fix: TCoords | undefined): Place | undefined {
  if (!fix) return undefined;
  return { label: nearestGazetteerPlace(fix.lat, fix.lng)?.label ?? null, lat: fix.lat, lng: fix.lng };
}
