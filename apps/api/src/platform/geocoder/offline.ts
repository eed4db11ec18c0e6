import { createRequire } from 'node:module';
import type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';
import { US_STATE_CODES } from './us-states.js';
import { hasRegion, rankForRegion, type ServiceRegion } from './region.js';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}
interface CityEntry {
  key: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  /** How many ZIP codes the city has: a stand-in for its size when ranking suggestions. */
  zipCount: number;
}

const require = createRequire(import.meta.url);
let zipIndex: Map<string, ZipRecord> | undefined;
let cities: Map<string, CityEntry> | undefined;
let citiesBySize: CityEntry[] | undefined;

/** The US zip gazetteer loads lazily (about 200 ms) and once per process. */
function load() {
  if (zipIndex && cities && citiesBySize) return { zipIndex, cities, citiesBySize };
  const codes = (require('zipcodes') as { codes: Record<string, ZipRecord> }).codes;
  zipIndex = new Map();
  cities = new Map();
  for (const rec of Object.values(codes)) {
    if (!/^\d{5}$/.test(rec.zip)) continue; // the package also holds Canadian codes
    zipIndex.set(rec.zip, rec);
    const key = `${rec.city.toLowerCase()}|${rec.state.toLowerCase()}`;
    const known = cities.get(key);
    if (known) known.zipCount++;
    else cities.set(key, { key, city: rec.city, state: rec.state, lat: rec.latitude, lng: rec.longitude, zipCount: 1 });
  }
  citiesBySize = [...cities.values()].sort((a, b) => b.zipCount - a.zipCount || a.key.localeCompare(b.key));
  return { zipIndex, cities, citiesBySize };
}

const placeOfZip = (r: ZipRecord): GeoPlace => ({ label: `${r.city}, ${r.state} ${r.zip}`, lat: r.latitude, lng: r.longitude });
const placeOfCity = (c: CityEntry): GeoPlace => ({ label: `${c.city}, ${c.state}`, lat: c.lat, lng: c.lng });

/** A two-letter state code from "MA", "ma 02115" or "Massachusetts". */
function stateCode(text: string): string | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\s*\d{5}(-\d{4})?$/, '')
    .replace(/\.$/, '');
  if (/^[a-z]{2}$/.test(t)) return t;
  return US_STATE_CODES[t]?.toLowerCase();
}

function findCity(text: string): CityEntry | undefined {
  const { cities } = load();
  const lookup = (city: string, state: string | undefined) => (state ? cities.get(`${city.trim().toLowerCase()}|${state}`) : undefined);
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .filter((p) => !/^(usa?|united states( of america)?)$/i.test(p));
  // "..., Boston, MA 02115" or "..., Boston, Massachusetts": try each (city, state) pair from the end.
  for (let i = parts.length - 2; i >= 0; i--) {
    const hit = lookup(parts[i], stateCode(parts[i + 1]));
    if (hit) return hit;
  }
  // "Boston MA 02115" or "55 Fruit St Boston MA": the state ends a part and the words before it name the city.
  for (let i = parts.length - 1; i >= 0; i--) {
    const m = parts[i].match(/^(.*?)\s+([A-Za-z]{2})\.?(?:\s+\d{5}(?:-\d{4})?)?$/);
    if (!m) continue;
    const words = m[1].split(/\s+/);
    for (let n = Math.min(4, words.length); n >= 1; n--) {
      const hit = lookup(words.slice(-n).join(' '), m[2].toLowerCase());
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Cities whose name starts with `typing` ("san jo"), or a city and a state ("boston ma"), largest first. */
function matchCities(typing: string, limit: number): CityEntry[] {
  const { citiesBySize } = load();
  const split = typing.match(/^(.+?)\s+([a-z]{1,2})$/);
  const out: CityEntry[] = [];
  for (const c of citiesBySize) {
    const name = c.city.toLowerCase();
    if (name.startsWith(typing) || (split && name.startsWith(split[1]) && c.state.toLowerCase().startsWith(split[2]))) out.push(c);
    if (out.length >= limit) break;
  }
  return out;
}

/** The gazetteer's place nearest a fix (city and state, no street): what a driver's position is shown as. */
export function nearestGazetteerPlace(lat: number, lng: number): GeoPlace | null {
  const { zipIndex, cities } = load();
  let best: ZipRecord | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (const rec of zipIndex.values()) {
    const dLat = rec.latitude - lat;
    const dLng = (rec.longitude - lng) * cosLat;
    const d = dLat * dLat + dLng * dLng;
    if (d < bestD) {
      bestD = d;
      best = rec;
    }
  }
  if (!best) return null;
  const city = cities.get(`${best.city.toLowerCase()}|${best.state.toLowerCase()}`);
  return { label: `${best.city}, ${best.state}`, lat: city?.lat ?? best.latitude, lng: city?.lng ?? best.longitude };
}

/** "Newark, NJ" or "Newark, N": the city was typed, then (part of) its state after a comma. */
function matchCityThenState(prefixParts: string[], typing: string, limit: number): CityEntry[] {
  const cityTyped = prefixParts.at(-1)?.toLowerCase();
  if (!cityTyped || !/^[a-z .'-]+$/.test(typing)) return [];
  const state = stateCode(typing);
  const { citiesBySize } = load();
  return citiesBySize
    .filter(
      (c) => c.city.toLowerCase() === cityTyped && (state ? c.state.toLowerCase() === state : c.state.toLowerCase().startsWith(typing)),
    )
    .slice(0, limit);
}

/** How many matches the gazetteer ranks for a region before it cuts to the limit. */
const REGION_POOL = 400;

/**
 * The offline gazetteer (no network, city and ZIP level). With a region, suggestions in the served states come
 * first and, with a depot, the nearest first: "Springfield" is the one the courier drives to.
 */
export function createOfflineGeocoder(region?: ServiceRegion): Geocoder {
  const ranked = hasRegion(region);
  const pool = (limit: number) => (ranked ? Math.max(limit, REGION_POOL) : limit);
  const pick = (items: GeoSuggestion[], limit: number) =>
    (region && ranked ? rankForRegion(items, region, { byDistance: true }) : items).slice(0, limit);
  return {
    name: 'offline',
    geocode: async (address) => {
      const { zipIndex } = load();
      const zips = address.match(/\b\d{5}(?=\b|-\d{4}\b)/g) ?? [];
      for (const zip of zips.reverse()) {
        const rec = zipIndex.get(zip);
        if (rec) return placeOfZip(rec);
      }
      const city = findCity(address);
      return city ? placeOfCity(city) : null;
    },
    autocomplete: async (query, limit = 8) => pick(await suggestions(query, pool(limit)), limit),
  };

  async function suggestions(query: string, limit: number): Promise<GeoSuggestion[]> {
    const { zipIndex } = load();
    const parts = query.split(',');
    const typing = (parts.pop() ?? '').trim().toLowerCase();
    const prefix = parts
      .map((p) => p.trim())
      .filter(Boolean)
      .join(', ');
    if (typing.length < 2) return [];
    const suggest = (place: GeoPlace, before = prefix): GeoSuggestion => ({
      ...place,
      description: before ? `${before}, ${place.label}` : place.label,
    });
    if (/^\d{2,5}$/.test(typing)) {
      const out: GeoSuggestion[] = [];
      for (const rec of zipIndex.values()) {
        if (rec.zip.startsWith(typing)) out.push(suggest(placeOfZip(rec)));
        if (out.length >= limit) break;
      }
      return out;
    }
    const prefixParts = parts.map((p) => p.trim()).filter(Boolean);
    const cityState = matchCityThenState(prefixParts, typing, limit);
    if (cityState.length) return cityState.map((c) => suggest(placeOfCity(c), prefixParts.slice(0, -1).join(', ')));
    const whole = matchCities(typing, limit);
    // A city suggestion carries no ZIP: one of the city's many would end up in the customer's address.
    if (whole.length) return whole.map((c) => suggest(placeOfCity(c)));
    // "55 Fruit St Bos": the street was typed without a comma; the last words are the city being typed.
    const raw = query.split(',').pop()?.trim() ?? '';
    const words = raw.split(/\s+/);
    for (let n = words.length - 1; n >= 1; n--) {
      const tail = words.slice(n).join(' ').toLowerCase();
      if (tail.length < 3) continue;
      const hits = matchCities(tail, limit);
      if (hits.length) {
        const before = [prefix, words.slice(0, n).join(' ')].filter(Boolean).join(', ');
        return hits.map((c) => suggest(placeOfCity(c), before));
      }
    }
    return [];
  }
}
