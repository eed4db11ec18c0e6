import { describe, expect, it } from 'vitest';
import { insertionSummary } from './insertion';
import { mappable, planView, reasonText } from './plan-view';
import { ROUTE_COLORS } from './route-colors';

const at = (h: number, m: number) => new Date(2026, 10, 26, h, m).toISOString();

const plan = {
  routes: [
    { driverId: 'd0', driverName: 'Idle Ida', stops: [] },
    {
      driverId: 'd1',
      driverName: 'Dana Diaz',
      stops: [
        { deliveryId: 'a', trackingNumber: 'MC-A', kind: 'pickup' as const, lat: 1, lng: 2, address: '1 A St', arrival: at(9, 5) },
        { deliveryId: 'b', trackingNumber: 'MC-B', kind: 'pickup' as const, lat: null, lng: null, address: '2 B St', arrival: at(9, 20) },
        { deliveryId: 'a', trackingNumber: 'MC-A', kind: 'dropoff' as const, lat: 3, lng: 4, address: '3 C St', arrival: at(9, 41) },
      ],
    },
  ],
  unassigned: [{ deliveryId: 'c', trackingNumber: 'MC-C', reason: 'no_window' }],
};

describe('planView', () => {
  it('puts routes with stops first, one colour each, stops numbered in visiting order with their arrival', () => {
    const view = planView(plan);
    expect(view.routes.map((r) => [r.name, r.color])).toEqual([
      ['Dana Diaz', ROUTE_COLORS[0]],
      ['Idle Ida', ROUTE_COLORS[1]],
    ]);
    expect(view.routes[0].stops.map((s) => [s.n, s.trackingNumber, s.kind])).toEqual([
      [1, 'MC-A', 'pickup'],
      [2, 'MC-B', 'pickup'],
      [3, 'MC-A', 'dropoff'],
    ]);
    expect(view.routes[0].stops[0].arrivalText).toMatch(/09.05|9.05/);
  });

  it('reads the reason codes as sentences, and still says something for an unknown one', () => {
    expect(planView(plan).unassigned).toEqual([{ deliveryId: 'c', trackingNumber: 'MC-C', reasonText: reasonText('no_window') }]);
    expect(reasonText('no_window')).toContain('time window');
    expect(reasonText('over_capacity')).toContain('capacity');
    expect(reasonText('something_new')).toBe('Not placed (something new)');
  });

  it('leaves stops without a position off the map but keeps their number', () => {
    const [route] = mappable(planView(plan).routes);
    expect(route.stops.map((s) => s.n)).toEqual([1, 3]);
  });
});

describe('insertionSummary', () => {
  it('names the driver who takes the STAT and when', () => {
    const summary = insertionSummary(plan, 'a');
    expect(summary.placed).toBe(true);
    expect(summary.driverId).toBe('d1');
    expect(summary.text).toMatch(/^goes to Dana Diaz \(pickup .+, drop .+\)$/);
  });

  it('says why nobody can take it', () => {
    expect(insertionSummary(plan, 'c')).toEqual({
      placed: false,
      driverId: null,
      text: `No route can take it: ${reasonText('no_window')}`,
    });
  });
});
