import { cacheKey, createLookupCache } from './cache.js';
import type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';
import { fetchJson, GeocoderUnavailableError, type RemoteGeocoderOptions } from './http.js';

export const GOOGLE_MAPS_URL = 'https://maps.googleapis.com';

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GoogleResult {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
  address_components?: GoogleComponent[];
}

/** "Boston, MA 02115" from the address components: no street, no number. */
export function googleLabel(r: GoogleResult): string {
  const find = (type: string) => r.address_components?.find((c) => c.types.includes(type));
  const city = find('locality') ?? find('postal_town') ?? find('sublocality') ?? find('administrative_area_level_3');
  const state = find('administrative_area_level_1')?.short_name;
  const zip = find('postal_code')?.short_name;
  const label = [city?.long_name, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return label || r.formatted_address.split(',').slice(-2).join(',').trim();
}

/** Google's statuses: OK and ZERO_RESULTS are answers; anything else means the service failed us. */
function resultsOf(body: unknown, what: string): unknown[] {
  const b = body as { status?: string; results?: unknown[]; predictions?: unknown[]; error_message?: string };
  if (b.status === 'ZERO_RESULTS') return [];
  if (b.status !== 'OK')
    throw new GeocoderUnavailableError(`Google ${what} answered ${b.status ?? 'nothing'}${b.error_message ? `: ${b.error_message}` : ''}`);
  return (b.results ?? b.predictions ?? []) as unknown[];
}

/** Google Geocoding (and Places Autocomplete for suggestions), restricted to the US; cached for a day. */
export function createGoogleGeocoder(options: RemoteGeocoderOptions & { key: string }): Geocoder {
  const baseUrl = (options.baseUrl ?? GOOGLE_MAPS_URL).replace(/\/$/, '');
  const cache = createLookupCache<GeoPlace | null>({ ttlMs: options.cacheTtlMs ?? 24 * 3_600_000 });
  const suggestions = createLookupCache<Array<{ description: string; placeId: string }>>({ ttlMs: options.cacheTtlMs ?? 3_600_000 });

  const call = (path: string, params: Record<string, string>, what: string) => {
    const url = new URL(`${baseUrl}${path}`);
    url.search = new URLSearchParams({ ...params, key: options.key }).toString();
    return fetchJson('Google', url, { fetch: options.fetch, timeoutMs: options.timeoutMs }).then((body) => resultsOf(body, what));
  };
  const firstPlace = (results: unknown[]): GeoPlace | null => {
    const r = results[0] as GoogleResult | undefined;
    return r ? { label: googleLabel(r), lat: r.geometry.location.lat, lng: r.geometry.location.lng } : null;
  };
  const byPlaceId = (placeId: string) =>
    cache.remember(`place|${placeId}`, async () => firstPlace(await call('/maps/api/geocode/json', { place_id: placeId }, 'geocoding')));

  return {
    name: 'google',
    geocode: (address) =>
      cache.remember(`address|${cacheKey(address)}`, async () =>
        firstPlace(await call('/maps/api/geocode/json', { address, components: 'country:US' }, 'geocoding')),
      ),
    autocomplete: async (query, limit = 5) => {
      if (query.trim().length < 3) return [];
      const predictions = await suggestions.remember(cacheKey(query), async () =>
        (await call('/maps/api/place/autocomplete/json', { input: query, components: 'country:us' }, 'autocomplete')).map((p) => {
          const { description, place_id } = p as { description: string; place_id: string };
          return { description, placeId: place_id };
        }),
      );
      // Predictions carry no coordinates: each one is placed by its place id (cached).
      const placed = await Promise.all(
        predictions.slice(0, limit).map(async (p): Promise<GeoSuggestion | null> => {
          const place = await byPlaceId(p.placeId);
          return place ? { ...place, description: p.description } : null;
        }),
      );
      return placed.filter((p): p is GeoSuggestion => p !== null);
    },
  };
}
