import { MESSAGES } from '@courier/contract';
import { isApiError } from '@/lib/api-client';
import type { TCoords, TTrackingResult } from '@courier/contract';
import { TrackingNotFoundError } from '../api/get-tracking';

/** A place the map can pin: coordinates and the text its info window shows. */
export interface TMapPoint extends TCoords {
  label: string | null;
}

export interface TTrackingRoute {
  origin: TMapPoint | null;
  destination: TMapPoint | null;
  current: TMapPoint | null;
  /** Origin, then current, then destination: the line drawn through the known points. */
  path: TCoords[];
  /** Without both ends there is no route to show. */
  missingCoordinates: boolean;
}

const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A location may be text, or an object with formatted, address or label text. */
export function placeText(location: unknown): string | null {
  if (typeof location === 'string') return location.trim() || null;
  if (location && typeof location === 'object') {
    const place = location as Record<string, unknown>;
    for (const key of ['formatted', 'address', 'label'] as const) {
      const text = place[key];
      if (typeof text === 'string' && text.trim()) return text.trim();
    }
  }
  return null;
}

/** Coordinates are {lat, lng}; anything else (text, nulls) has none. */
export function placeCoords(location: unknown): TCoords | null {
  if (!location || typeof location !== 'object') return null;
  const { lat, lng } = location as Record<string, unknown>;
  if (!isCoordinate(lat) || !isCoordinate(lng)) return null;
  return { lat, lng };
}

function mapPoint(location: unknown, fallback?: unknown): TMapPoint | null {
  const coords = placeCoords(location) ?? placeCoords(fallback);
  return coords ? { ...coords, label: placeText(location) } : null;
}

const samePlace = (a: TCoords, b: TCoords) => a.lat === b.lat && a.lng === b.lng;

/** What the map shows of a tracking result. */
export function trackingRoute(
  result: Pick<TTrackingResult, 'origin' | 'destination' | 'currentLocation' | 'currentLocationCoords'>,
): TTrackingRoute {
  const origin = mapPoint(result.origin);
  const destination = mapPoint(result.destination);
  const current = mapPoint(result.currentLocation, result.currentLocationCoords);
  const path: TCoords[] = [];
  for (const point of [origin, current, destination]) {
    if (!point) continue;
    const last = path.at(-1);
    if (!last || !samePlace(last, point)) path.push({ lat: point.lat, lng: point.lng });
  }
  return { origin, destination, current, path, missingCoordinates: !origin || !destination };
}

/** Not a success gives 'Invalid tracking number'; otherwise the server's message or a default. */
export function trackingErrorMessage(error: unknown): string {
  if (error instanceof TrackingNotFoundError) return MESSAGES.trackingInvalid;
  if (isApiError(error)) {
    if (error.code === 'NOT_FOUND') return MESSAGES.trackingInvalid;
    if (error.status > 0 && error.serverMessage) return error.serverMessage;
  }
  return MESSAGES.trackingError;
}

/** The app shows numbers as #MC7K2P9QX4WZ: a copied '#' and any spaces are not part of the number. */
export const cleanTrackingNumber = (raw: string): string => raw.replace(/\s+/g, '').replace(/^#+/, '');

/** Said under 'Invalid tracking number': 'MC' and 10 letters or digits, as order-id.ts makes them. */
export const TRACKING_NUMBER_HINT = 'A tracking number looks like MC7K2P9QX4WZ: MC followed by 10 letters and digits.';

/** When the parcel was handed over: the last delivered step of its timeline, if delivered. */
export function deliveredAt(result: { status: string; timeline: Array<{ status: string; timestamp: string }> }): string | null {
  if (result.status !== 'delivered') return null;
  return result.timeline.findLast((e) => e.status === 'delivered')?.timestamp ?? null;
}
