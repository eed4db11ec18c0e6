import type { TEnv } from '../env.js';

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Driving seconds estimated from the straight line: distance x detour factor at the average speed. The planner's
 * estimate without a routing server, and the cheap one used to move a route's arrivals on every driver fix.
 */
export function straightLineSeconds(env: Pick<TEnv, 'ROUTING_DETOUR_FACTOR' | 'ROUTING_SPEED_KMH'>, a: LatLng, b: LatLng): number {
  return Math.round(((haversineKm(a, b) * env.ROUTING_DETOUR_FACTOR) / env.ROUTING_SPEED_KMH) * 3600);
}
