import { MESSAGES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { TrackingNotFoundError } from '../api/get-tracking';
import { cleanTrackingNumber, deliveredAt, placeCoords, placeText, trackingErrorMessage, trackingRoute } from './tracking-view';

const place = (label: string | null, lat: number | null, lng: number | null) => ({ label, formatted: label, lat, lng });
const brookline = place('Brookline, MA 02445', 42.3259, -71.1341);
const longwood = place('Boston, MA 02115', 42.3427, -71.0922);

describe('placeText', () => {
  it('reads a location given as text, or as an object with formatted, address or label text', () => {
    expect(placeText('  Boston, MA  ')).toBe('Boston, MA');
    expect(placeText({ formatted: 'Boston, MA 02115', lat: 1, lng: 2 })).toBe('Boston, MA 02115');
    expect(placeText({ address: 'Cambridge, MA' })).toBe('Cambridge, MA');
    expect(placeText({ label: 'In transit', formatted: null })).toBe('In transit');
  });

  it('has no text for coordinates alone, blanks or nothing', () => {
    expect(placeText({ lat: 42, lng: -71 })).toBeNull();
    expect(placeText('   ')).toBeNull();
    expect(placeText(null)).toBeNull();
  });
});

describe('placeCoords', () => {
  it('takes finite lat and lng and nothing else', () => {
    expect(placeCoords(brookline)).toEqual({ lat: 42.3259, lng: -71.1341 });
    expect(placeCoords(place('Somewhere', null, null))).toBeNull();
    expect(placeCoords({ lat: Number.NaN, lng: 1 })).toBeNull();
    expect(placeCoords('Boston')).toBeNull();
  });
});

describe('trackingRoute', () => {
  it('draws the line from origin through the current place to destination', () => {
    const current = { ...place('In transit', 42.335, -71.11), updatedAt: '', displayTime: '' };
    const route = trackingRoute({ origin: brookline, destination: longwood, currentLocation: current, currentLocationCoords: null });
    expect(route.missingCoordinates).toBe(false);
    expect(route.current).toEqual({ lat: 42.335, lng: -71.11, label: 'In transit' });
    expect(route.path).toEqual([
      { lat: 42.3259, lng: -71.1341 },
      { lat: 42.335, lng: -71.11 },
      { lat: 42.3427, lng: -71.0922 },
    ]);
  });

  it('does not repeat a point when the parcel is still at its origin', () => {
    const current = { ...brookline, updatedAt: '', displayTime: '' };
    const route = trackingRoute({ origin: brookline, destination: longwood, currentLocation: current, currentLocationCoords: null });
    expect(route.path).toHaveLength(2);
    expect(route.current?.label).toBe('Brookline, MA 02445');
  });

  it('takes the current position from currentLocationCoords when the location has none', () => {
    const route = trackingRoute({
      origin: brookline,
      destination: longwood,
      currentLocation: null,
      currentLocationCoords: { lat: 42.33, lng: -71.1 },
    });
    expect(route.current).toEqual({ lat: 42.33, lng: -71.1, label: null });
  });

  it('flags a route whose origin or destination has no coordinates', () => {
    const route = trackingRoute({
      origin: brookline,
      destination: place('Nowhere', null, null),
      currentLocation: null,
      currentLocationCoords: null,
    });
    expect(route.missingCoordinates).toBe(true);
    expect(route.destination).toBeNull();
  });
});

describe('trackingErrorMessage', () => {
  it('calls an answer without success an invalid tracking number', () => {
    expect(trackingErrorMessage(new TrackingNotFoundError(''))).toBe(MESSAGES.trackingInvalid);
    expect(trackingErrorMessage(new ApiError(404, 'Not Found', undefined))).toBe(MESSAGES.trackingInvalid);
  });

  it("passes the server's own message on", () => {
    const throttled = new ApiError(429, 'Too many requests. Please try again later.', {
      success: false,
      message: 'Too many requests. Please try again later.',
    });
    expect(trackingErrorMessage(throttled)).toBe('Too many requests. Please try again later.');
  });

  it('falls back to the generic message without a server message or without a response', () => {
    expect(trackingErrorMessage(new ApiError(500, 'Internal Server Error', undefined))).toBe(MESSAGES.trackingError);
    expect(trackingErrorMessage(new ApiError(0, 'Failed to fetch', undefined))).toBe(MESSAGES.trackingError);
    expect(trackingErrorMessage(new Error('boom'))).toBe(MESSAGES.trackingError);
  });
});

describe('cleanTrackingNumber', () => {
  it("drops the leading '#' the app shows and any spaces", () => {
    expect(cleanTrackingNumber('#MC7K2P9QX4WZ')).toBe('MC7K2P9QX4WZ');
    expect(cleanTrackingNumber('  # MC7K 2P9Q X4WZ ')).toBe('MC7K2P9QX4WZ');
    expect(cleanTrackingNumber('MC7K2P9QX4WZ')).toBe('MC7K2P9QX4WZ');
    expect(cleanTrackingNumber(' # ')).toBe('');
  });
});

describe('deliveredAt', () => {
  const timeline = [
    { status: 'in_transit', timestamp: '2026-11-24T18:00:00Z' },
    { status: 'delivered', timestamp: '2026-11-24T20:55:00Z' },
  ];
  it('is the delivered step of a delivered parcel, else null', () => {
    expect(deliveredAt({ status: 'delivered', timeline })).toBe('2026-11-24T20:55:00Z');
    expect(deliveredAt({ status: 'in_transit', timeline: timeline.slice(0, 1) })).toBeNull();
  });
});
