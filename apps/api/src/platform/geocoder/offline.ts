import { createRequire } from 'node:module';
import type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';

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
  zip: string;
  lat: number;
  lng: number;
}

const require = createRequire(import.meta.url);
let zipIndex: Map<string, ZipRecord> | undefined;
let cities: CityEntry[] | undefined;

/** The US zip gazetteer loads lazily (about 200 ms) and once per process. */
function load() {
  if (zipIndex && cities) return { zipIndex, cities };
  const codes = (require('zipcodes') as { codes: Record<string, ZipRecord> }).codes;
  zipIndex = new Map();
  const byCity = new Map<string, CityEntry>();
  for (const rec of Object.values(codes)) {
    if (!/^\d{5}$/.test(rec.zip)) continue; // the package also holds Canadian codes
    zipIndex.set(rec.zip, rec);
    const key = `${rec.city.toLowerCase()}|${rec.state.toLowerCase()}`;
    if (!byCity.has(key)) byCity.set(key, { key, city: rec.city, state: rec.state, zip: rec.zip, lat: rec.latitude, lng: rec.longitude });
  }
  cities = [...byCity.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { zipIndex, cities };
}

const placeOfZip = (r: ZipRecord): GeoPlace => ({ label: `${r.city}, ${r.state} ${r.zip}`, lat: r.latitude, lng: r.longitude });

function findCity(text: string): CityEntry | undefined {
  const { cities } = load();
  const parts = text.split(',').map((p) => p.trim().toLowerCase());
  // "..., Boston, MA 02115" or "..., Boston, MA": try each (city, state) pair from the end.
  for (let i = parts.length - 2; i >= 0; i--) {
    const state = parts[i + 1].match(/^([a-z]{2})\b/)?.[1];
    if (!state) continue;
    const hit = cities.find((c) => c.key === `${parts[i]}|${state}`);
    if (hit) return hit;
  }
  return undefined;
}

export function createOfflineGeocoder(): Geocoder {
  return {
    name: 'offline',
    geocode: async (address) => {
      const { zipIndex } = load();
      const zips = address.match(/\b\d{5}\b/g) ?? [];
      for (const zip of zips.reverse()) {
        const rec = zipIndex.get(zip);
        if (rec) return placeOfZip(rec);
      }
      const city = findCity(address);
      return city ? { label: `${city.city}, ${city.state}`, lat: city.lat, lng: city.lng } : null;
    },
    autocomplete: async (query, limit = 8) => {
      const { zipIndex, cities } = load();
      const parts = query.split(',');
      const typing = (parts.pop() ?? '').trim().toLowerCase();
      const prefix = parts
        .map((p) => p.trim())
        .filter(Boolean)
        .join(', ');
      if (typing.length < 2) return [];
      const withPrefix = (place: GeoPlace): GeoSuggestion => ({
        ...place,
        description: prefix ? `${prefix}, ${place.label}` : place.label,
      });
      if (/^\d{2,5}$/.test(typing)) {
        const out: GeoSuggestion[] = [];
        for (const rec of zipIndex.values()) {
          if (rec.zip.startsWith(typing)) out.push(withPrefix(placeOfZip(rec)));
          if (out.length >= limit) break;
        }
        return out;
      }
      // "san jo" is a city prefix; "boston ma" is a city and a state.
      const split = typing.match(/^(.+?)\s+([a-z]{1,2})$/);
      const matches = cities.filter(
        (c) =>
          c.city.toLowerCase().startsWith(typing) ||
          (split && c.city.toLowerCase().startsWith(split[1]) && c.state.toLowerCase().startsWith(split[2])),
      );
      return matches.slice(0, limit).map((c) => withPrefix({ label: `${c.city}, ${c.state} ${c.zip}`, lat: c.lat, lng: c.lng }));
    },
  };
}
