import type { TEnv } from '../../env.js';
import type { Geocoder } from './geocoder.js';
import { createOfflineGeocoder } from './offline.js';

export type { Geocoder, GeoPlace, GeoSuggestion } from './geocoder.js';
export { createOfflineGeocoder } from './offline.js';

/** The provider named by GEOCODER; offline (no key, no network) by default. */
export function createGeocoder(env: Pick<TEnv, 'GEOCODER' | 'GEOCODER_KEY'>): Geocoder {
  switch (env.GEOCODER) {
    default:
      return createOfflineGeocoder();
  }
}
