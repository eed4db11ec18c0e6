import type { TEnv } from '../../env.js';
import type { Geocoder } from './geocoder.js';
import { createGoogleGeocoder } from './google.js';
import { createNominatimGeocoder } from './nominatim.js';
import { createOfflineGeocoder } from './offline.js';
import { hasRegion, rankForRegion, type ServiceRegion } from './region.js';

export type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';
export type { ServiceRegion } from './region.js';
export { createOfflineGeocoder } from './offline.js';
export { createNominatimGeocoder } from './nominatim.js';
export { createGoogleGeocoder } from './google.js';

export interface GeocoderLog {
  warn(obj: object, msg: string): void;
}

/**
 * A remote provider that falls back to the offline gazetteer when it fails or times out, so a provider
 * outage never stops a delivery request; "no such place" from the provider is an answer, not a failure.
 */
export function withOfflineFallback(primary: Geocoder, log?: GeocoderLog, region?: ServiceRegion): Geocoder {
  const offline = createOfflineGeocoder(region);
  const guard =
    <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>, fallback: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (err) {
        log?.warn({ err: (err as Error).message, provider: primary.name }, `geocoder ${what} failed; using the offline gazetteer`);
        return fallback(...args);
      }
    };
  return {
    name: primary.name,
    geocode: guard('geocode', primary.geocode, offline.geocode),
    autocomplete: guard('autocomplete', primary.autocomplete, offline.autocomplete),
  };
}

export interface GeocoderOptions {
  log?: GeocoderLog;
  /** The provider's address; tests point it at a local server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Sent to Nominatim as the User-Agent it asks for. */
  contact?: string;
  /** The served states and the depot: suggestions there come first. */
  region?: ServiceRegion;
}

/**
 * A remote provider's suggestions, asked for twice as many and reordered: in the served states first, and
 * street-level ones (which the gazetteer cannot give) before a bare city; the provider's order otherwise.
 */
function preferRegion(geocoder: Geocoder, region?: ServiceRegion): Geocoder {
  if (!hasRegion(region)) return geocoder;
  return {
    ...geocoder,
    autocomplete: async (query, limit = 5) =>
      rankForRegion(await geocoder.autocomplete(query, Math.min(limit * 2, 10)), region, { streets: true }).slice(0, limit),
  };
}

/** The provider named by GEOCODER; offline (no key, no network) by default. */
export function createGeocoder(env: Pick<TEnv, 'GEOCODER' | 'GEOCODER_KEY'>, options: GeocoderOptions = {}): Geocoder {
  const remote = { baseUrl: options.baseUrl, fetch: options.fetch, timeoutMs: options.timeoutMs ?? 5000 };
  switch (env.GEOCODER) {
    case 'nominatim':
      return withOfflineFallback(
        preferRegion(
          createNominatimGeocoder({ ...remote, userAgent: `MedCourier/1.0${options.contact ? ` (${options.contact})` : ''}` }),
          options.region,
        ),
        options.log,
        options.region,
      );
    case 'google':
      return withOfflineFallback(
        preferRegion(createGoogleGeocoder({ ...remote, key: env.GEOCODER_KEY ?? '' }), options.region),
        options.log,
        options.region,
      );
    default:
      return createOfflineGeocoder(options.region);
  }
}
