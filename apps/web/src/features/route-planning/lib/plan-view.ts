import { ROUTE_UNASSIGNED_REASON_LABELS } from '@courier/contract';
import type { TMapRoute } from './map-view';
import { routeColor } from './route-colors';
import { formatTime } from '@/lib/format-date';

/** The parts of a plan preview the screen reads (the contract's answer fits this shape). */
export interface TPlanLike {
  routes: {
    driverId: string;
    driverName?: string;
    start?: { lat: number; lng: number } | null;
    stops: {
      deliveryId: string;
      trackingNumber?: string;
      kind: 'pickup' | 'dropoff';
      lat?: number | null;
      lng?: number | null;
      address?: string;
      arrival: string;
    }[];
  }[];
  unassigned: { deliveryId: string; trackingNumber?: string; reason: string }[];
}

export interface TUnassignedView {
  deliveryId: string;
  trackingNumber: string;
  reasonText: string;
}

const REASONS: Record<string, string> = ROUTE_UNASSIGNED_REASON_LABELS;

/** The planner's reason code as dispatch reads it; an unknown code still says something. */
export const reasonText = (reason: string): string => REASONS[reason] ?? `Not placed (${reason.replace(/_/g, ' ')})`;

/** "9:42 AM": a stop's arrival in the browser's time zone, as every time of day in the app reads. */
export const clockTime = (iso: string): string => formatTime(iso);

/**
 * A plan as the map and the lists draw it: routes with stops first, each in its colour, stops numbered 1, 2, 3
 * in visiting order; stops without a position stay in the list and leave the map alone.
 */
export function planView(
  plan: TPlanLike,
  driverNames: ReadonlyMap<string, string> = new Map(),
): { routes: TMapRoute[]; unassigned: TUnassignedView[] } {
  const routes = [...plan.routes]
    .sort((a, b) => Number(b.stops.length > 0) - Number(a.stops.length > 0))
    .map((route, index) => ({
      driverId: route.driverId,
      name: route.driverName || driverNames.get(route.driverId) || 'Driver',
      color: routeColor(index),
      start: route.start ?? null,
      stops: route.stops.map((stop, i) => ({
        n: i + 1,
        deliveryId: stop.deliveryId,
        trackingNumber: stop.trackingNumber ?? stop.deliveryId.slice(-6),
        kind: stop.kind,
        lat: stop.lat ?? Number.NaN,
        lng: stop.lng ?? Number.NaN,
        address: stop.address ?? '',
        arrivalText: clockTime(stop.arrival),
      })),
    }));
  const unassigned = plan.unassigned.map((u) => ({
    deliveryId: u.deliveryId,
    trackingNumber: u.trackingNumber ?? u.deliveryId.slice(-6),
    reasonText: reasonText(u.reason),
  }));
  return { routes, unassigned };
}

/** Only stops with a position go on the map. */
export const mappable = (routes: TMapRoute[]): TMapRoute[] =>
  routes.map((route) => ({ ...route, stops: route.stops.filter((s) => Number.isFinite(s.lat) && Number.isFinite(s.lng)) }));
