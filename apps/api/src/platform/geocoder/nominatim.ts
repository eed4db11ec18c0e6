import { cacheKey, createLookupCache } from './cache.js';
import type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';
import { createSpacer, fetchJson, GeocoderUnavailableError, type RemoteGeocoderOptions } from './http.js';

export const NOMINATIM_PUBLIC_URL = 'https://nominatim.openstreetmap.org';

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name: string;
  address?: Record<string, string | undefined>;
}

/** "Boston, MA 02115": the place without its street, as the public may see it. */
export function nominatimLabel(p: NominatimPlace): string {
  const a = p.address ?? {};
  const city = a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? a.suburb ?? a.county;
  const state = a['ISO3166-2-lvl4']?.replace(/^US-/, '') ?? a.state;
  const zip = a.postcode?.slice(0, 5);
  const label = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  // Without address details, the last parts of the display name are the least precise ones.
  return label || p.display_name.split(',').slice(-3).join(',').trim();
}

function toPlace(p: NominatimPlace): GeoPlace | null {
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { label: nominatimLabel(p), lat, lng };
}

/**
 * OpenStreetMap's Nominatim. The public server allows one request a second and asks for a User-Agent;
 * a self-hosted one (baseUrl) has no such limit. Answers are cached for a day.
 */
export function createNominatimGeocoder(
  options: RemoteGeocoderOptions & { userAgent?: string; minIntervalMs?: number; countryCodes?: string } = {},
): Geocoder {
  const baseUrl = (options.baseUrl ?? NOMINATIM_PUBLIC_URL).replace(/\/$/, '');
  const isPublic = baseUrl === NOMINATIM_PUBLIC_URL;
  const spacing = createSpacer(options.minIntervalMs ?? (isPublic ? 1000 : 0));
  const cache = createLookupCache<NominatimPlace[]>({ ttlMs: options.cacheTtlMs ?? 24 * 3_600_000 });

  const search = (q: string, limit: number) =>
    cache.remember(`${limit}|${cacheKey(q)}`, async () => {
      await spacing();
      const url = new URL(`${baseUrl}/search`);
      url.search = new URLSearchParams({
        q,
        format: 'jsonv2',
        addressdetails: '1',
        limit: String(limit),
        countrycodes: options.countryCodes ?? 'us',
      }).toString();
      const body = await fetchJson('Nominatim', url, {
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        headers: { 'user-agent': options.userAgent ?? 'MedCourier/1.0', 'accept-language': 'en' },
      });
      if (!Array.isArray(body)) throw new GeocoderUnavailableError('Nominatim answered an unexpected shape');
      return body as NominatimPlace[];
    });

  return {
    name: 'nominatim',
    geocode: async (address) => {
      const [first] = await search(address, 1);
      return first ? toPlace(first) : null;
    },
    autocomplete: async (query, limit = 5) => {
      if (query.trim().length < 3) return [];
      const places = await search(query, Math.min(limit, 10));
      return places.flatMap((p): GeoSuggestion[] => {
        const place = toPlace(p);
        return place ? [{ ...place, description: p.display_name }] : [];
      });
    },
  };
}
