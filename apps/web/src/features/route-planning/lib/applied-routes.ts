import type { TLiveMapResponse } from '@courier/contract';
import type { TMapRoute } from './map-view';
import { clockTime } from './plan-view';
import { routeColor } from './route-colors';

type TLiveMap = TLiveMapResponse['data'];
const ON_BOARD = new Set(['picked_up', 'in_transit', 'returning', 'failed_attempt']);

export interface TRouteJob {
  deliveryId: string;
  trackingNumber: string;
  /** "Pickup planned 09:40" or "Drop planned 10:05": the next stop and its arrival as planned */
  nextText: string;
  /** the expected drop-off ("10:12"), when known */
  etaText: string;
  late: boolean;
  stat: boolean;
  /** still before pickup: the only jobs that may move to another driver */
  movable: boolean;
}

export interface TAppliedRoute extends TMapRoute {
  jobs: TRouteJob[];
  /** "2 of 6 jobs done · 4 min behind" */
  progressText: string;
}

/** "4 min behind", "3 min ahead", "on time"; null when there is nothing to compare. */
export function behindText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (Math.abs(minutes) <= 1) return 'on time';
  return minutes > 0 ? `${minutes} min behind` : `${-minutes} min ahead`;
}

/**
 * Each driver's applied route from the live map: their planned jobs in order (what their phone lists), drawn from
 * where the driver is as numbered stops (a parcel on board: its drop only), with planned against actual.
 */
export function appliedRoutes(live: TLiveMap): TAppliedRoute[] {
  const out: TAppliedRoute[] = [];
  for (const driver of live.drivers) {
    const jobs = live.jobs
      .filter((j) => j.driverId === driver._id && j.plannedOrder !== null)
      .sort((a, b) => (a.plannedOrder ?? 0) - (b.plannedOrder ?? 0));
    if (!jobs.length && !driver.progress.planned) continue;
    const stops: TMapRoute['stops'] = [];
    for (const j of jobs) {
      const onBoard = ON_BOARD.has(j.status);
      if (!onBoard)
        stops.push({
          n: 0,
          deliveryId: j._id,
          trackingNumber: j.trackingNumber,
          kind: 'pickup',
          lat: j.pickup.lat ?? Number.NaN,
          lng: j.pickup.lng ?? Number.NaN,
          address: j.pickup.address,
          arrivalText: j.plannedArrival ? clockTime(j.plannedArrival) : '',
        });
      stops.push({
        n: 0,
        deliveryId: j._id,
        trackingNumber: j.trackingNumber,
        kind: 'dropoff',
        lat: j.dropoff.lat ?? Number.NaN,
        lng: j.dropoff.lng ?? Number.NaN,
        address: j.dropoff.address,
        arrivalText: j.estimatedDelivery ? clockTime(j.estimatedDelivery) : '',
      });
    }
    stops.forEach((s, i) => {
      s.n = i + 1;
    });
    const { done, planned, behindMinutes } = driver.progress;
    const behind = behindText(behindMinutes);
    out.push({
      driverId: driver._id,
      name: driver.name,
      color: routeColor(out.length),
      start: driver.position ? { lat: driver.position.lat, lng: driver.position.lng } : null,
      stops,
      progressText: `${done} of ${planned} ${planned === 1 ? 'job' : 'jobs'} done${behind ? ` · ${behind}` : ''}`,
      jobs: jobs.map((j) => {
        const onBoard = ON_BOARD.has(j.status);
        const next = j.plannedArrival ? clockTime(j.plannedArrival) : '';
        return {
          deliveryId: j._id,
          trackingNumber: j.trackingNumber,
          nextText: `${onBoard ? 'Drop' : 'Pickup'}${next ? ` planned ${next}` : ''}`,
          etaText: j.estimatedDelivery ? clockTime(j.estimatedDelivery) : '',
          late: j.late,
          stat: j.priority === 'stat',
          movable: j.status === 'assigned',
        };
      }),
    });
  }
  return out;
}

/** The order with one job moved by `by` places (kept inside the list). */
export function moved(ids: readonly string[], id: string, by: number): string[] {
  const from = ids.indexOf(id);
  const to = Math.max(0, Math.min(ids.length - 1, from + by));
  if (from < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
