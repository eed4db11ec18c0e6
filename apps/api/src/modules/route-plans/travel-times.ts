import type { TEnv } from '../../env.js';

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

export type RoutingEnv = Pick<TEnv, 'ROUTING_URL' | 'ROUTING_DETOUR_FACTOR' | 'ROUTING_SPEED_KMH'>;
/** Only the routing settings, to hand to the planner's thread (never the whole environment and its secrets). */
export const routingOf = ({ ROUTING_URL, ROUTING_DETOUR_FACTOR, ROUTING_SPEED_KMH }: RoutingEnv): RoutingEnv => ({
  ROUTING_URL,
  ROUTING_DETOUR_FACTOR,
  ROUTING_SPEED_KMH,
});

/** Where a routing server's trouble is told: the app's log, or a worker thread's list for it. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/** Driving seconds estimated from the straight line: distance x detour factor at the average speed. */
export function straightLineSeconds(env: RoutingEnv, a: LatLng, b: LatLng): number {
  return Math.round(((haversineKm(a, b) * env.ROUTING_DETOUR_FACTOR) / env.ROUTING_SPEED_KMH) * 3600);
}

const OSRM_TIMEOUT_MS = 10_000;

/** An OSRM table service's durations (seconds), or null when it did not answer usefully. */
async function osrmTable(baseUrl: string, points: LatLng[], log?: WarningLog): Promise<(number | null)[][] | null> {
  const coords = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  const url = `${baseUrl.replace(/\/+$/, '')}/table/v1/driving/${coords}?annotations=duration`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(OSRM_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { code?: string; durations?: unknown };
    const d = body.durations;
    if (body.code !== 'Ok' || !Array.isArray(d) || d.length !== points.length) throw new Error(`answer ${body.code ?? 'without code'}`);
    return d.map((row) =>
      Array.isArray(row) && row.length === points.length
        ? row.map((v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null))
        : points.map(() => null),
    );
  } catch (err) {
    log?.warn({ err: (err as Error).message }, 'routing server (OSRM) unavailable: straight-line travel times used');
    return null;
  }
}

/**
 * The travel-time matrix (seconds) between points: the OSRM server's table when ROUTING_URL is set (a cell it
 * cannot route, or the whole table when it does not answer, falls back to the straight-line estimate).
 */
export async function travelTimes(env: RoutingEnv, points: LatLng[], log?: WarningLog): Promise<number[][]> {
  const table = env.ROUTING_URL && points.length > 1 ? await osrmTable(env.ROUTING_URL, points, log) : null;
  return points.map((a, i) => points.map((b, j) => (i === j ? 0 : (table?.[i][j] ?? straightLineSeconds(env, a, b)))));
}
