import type { TEnv } from '../../env.js';
import { type LatLng, straightLineSeconds } from '../../shared/travel-estimate.js';

export { haversineKm, type LatLng, straightLineSeconds } from '../../shared/travel-estimate.js';

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
