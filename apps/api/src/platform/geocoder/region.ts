import type { GeoPlace, GeoSuggestion } from './geocoder.js';

/** Where the courier works: the states it serves (SERVICE_AREA_STATES) and its depot (ROUTING_BASE). */
export interface ServiceRegion {
  states?: readonly string[];
  depot?: { lat: number; lng: number } | null;
}

export const hasRegion = (r?: ServiceRegion): r is ServiceRegion => !!(r?.states?.length || r?.depot);

/** The two-letter state of a label ("Boston, MA 02115", "Boston, MA"), when it names one. */
export function stateOfLabel(label: string): string | undefined {
  return label.match(/,\s*([A-Z]{2})(?:\s+\d{5})?\s*$/)?.[1];
}

/** A courier's day reaches this far from its depot. */
export const DEPOT_REACH_KM = 250;

/** Whether a place is within reach of the depot (flat-map distance: enough at this scale). */
const withinReach = (depot: { lat: number; lng: number }, p: GeoPlace) => {
  const dLat = p.lat - depot.lat;
  const dLng = (p.lng - depot.lng) * Math.cos((depot.lat * Math.PI) / 180);
  return Math.sqrt(dLat * dLat + dLng * dLng) * 111.2 <= DEPOT_REACH_KM;
};

/**
 * Places in the served states first, then, with a depot, those within its reach (DEPOT_REACH_KM); otherwise the
 * order they came in (the provider's relevance, the gazetteer's largest-first, so a post office named after a
 * city never passes the city). Street-level matches (a description longer than its
 * street-less label, as a remote provider gives) go before a bare city when `streets` is asked.
 */
export function rankForRegion<T extends GeoSuggestion>(
  items: T[],
  region: ServiceRegion,
  opts: { byDistance?: boolean; streets?: boolean } = {},
): T[] {
  const states = new Set(region.states ?? []);
  const outside = (p: T) => (states.size > 0 && !states.has(stateOfLabel(p.label) ?? '') ? 1 : 0);
  const bare = (p: T) => (opts.streets && p.description.trim() === p.label.trim() ? 1 : 0);
  const far = (p: T) => (opts.byDistance && region.depot && !withinReach(region.depot, p) ? 1 : 0);
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => outside(a.item) - outside(b.item) || bare(a.item) - bare(b.item) || far(a.item) - far(b.item) || a.i - b.i)
    .map(({ item }) => item);
}
