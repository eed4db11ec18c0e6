import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the server tells the browser about its set-up (GET /api/v1/config). */
export interface TAppConfig {
  /** Leaflet tile template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: string;
  /** Which geocoder answers (offline | nominatim | google). */
  geocoder: string;
  /** DISPATCH_PHONE: the number a driver's Call dispatch button dials; null when unset. */
  dispatchPhone?: string | null;
  /** SERVICE_AREA_STATES; empty means anywhere. */
  serviceAreaStates?: string[];
  /** The most rows one CSV import takes on this server (IMPORT_MAX_ROWS). */
  importMaxRows?: number;
}

export const getAppConfig = (): Promise<TAppConfig> => api.get<TAppConfig>('/v1/config');

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: getAppConfig,
    // Set when the server starts: one read per page load is enough.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The server's configuration; while it loads (or if it fails) `data` is undefined. */
export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
