import { ROLE_IDS, type TLiveMapResponse, type TRoutePlan } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const at = new Date().toISOString();
const live: TLiveMapResponse['data'] = {
  drivers: [
    {
      _id: 'd1',
      name: 'Marcus Bell',
      position: { lat: 42.35, lng: -71.1, at },
      currentJobId: null,
      progress: { done: 0, planned: 0, behindMinutes: null },
    },
    { _id: 'd2', name: 'Ana Ruiz', position: null, currentJobId: null, progress: { done: 0, planned: 0, behindMinutes: null } },
  ],
  jobs: [
    {
      _id: 'j1',
      trackingNumber: 'MC0000000001',
      status: 'approved',
      priority: 'routine',
      late: false,
      pickup: { lat: 42.36, lng: -71.07, address: '55 Fruit St, Boston' },
      dropoff: { lat: 42.34, lng: -71.1, address: '330 Brookline Ave, Boston' },
      driverId: null,
      plannedOrder: null,
      plannedArrival: null,
      estimatedDelivery: null,
    },
    {
      _id: 'j2',
      trackingNumber: 'MC0000000002',
      status: 'approved',
      priority: 'routine',
      late: true,
      pickup: { lat: null, lng: null, address: 'Nowhere' },
      dropoff: { lat: null, lng: null, address: 'Nowhere' },
      driverId: null,
      plannedOrder: null,
      plannedArrival: null,
      estimatedDelivery: null,
    },
  ],
};
const driver = (id: string, firstName: string, lastName: string, shift: { start: string; end: string } | null) => ({
  _id: id,
  firstName,
  lastName,
  email: `${id}@x.test`,
  phone: '',
  isActive: true,
  activeLoad: 0,
  lastPosition: null,
  shift: shift && { ...shift, startPlace: 'base' as const },
  vehicleCapacity: 20,
});
const plan = (id: string): TRoutePlan => ({
  _id: id,
  kind: 'plan',
  createdAt: at,
  appliedAt: null,
  date: at.slice(0, 10),
  travelSeconds: 900,
  objective: null,
  changes: null,
  routes: [
    {
      driverId: 'd1',
      driverName: 'Marcus Bell',
      departure: at,
      returnTime: at,
      travelSeconds: 900,
      stops: [
        {
          deliveryId: 'j1',
          trackingNumber: 'MC0000000001',
          kind: 'pickup',
          lat: 42.36,
          lng: -71.07,
          address: '55 Fruit St, Boston',
          arrival: at,
          departure: at,
          priority: 'routine',
        },
        {
          deliveryId: 'j1',
          trackingNumber: 'MC0000000001',
          kind: 'dropoff',
          lat: 42.34,
          lng: -71.1,
          address: '330 Brookline Ave, Boston',
          arrival: at,
          departure: at,
          priority: 'routine',
        },
      ],
    },
  ],
  unassigned: [{ deliveryId: 'j2', trackingNumber: 'MC0000000002', reason: 'no_location' }],
});

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Sam', roleId: ROLE_IDS.STAFF } });
});
afterEach(() => vi.unstubAllGlobals());

describe('map and planning', () => {
  it('lists drivers and open jobs, previews a plan for the drivers on shift, and plans again when the preview went stale', async () => {
    let applies = 0;
    const { calls } = stubApi((url) => {
      if (url.includes('/admin/live-map')) return json(200, { success: true, data: live });
      if (url.includes('/admin/drivers'))
        return json(200, {
          success: true,
          data: [driver('d1', 'Marcus', 'Bell', { start: '07:00', end: '14:00' }), driver('d2', 'Ana', 'Ruiz', null)],
        });
      if (url.endsWith('/apply')) {
        applies += 1;
        return applies === 1
          ? json(409, { success: false, message: 'A job moved since the preview', error: 'ROUTE_PLAN_STALE' })
          : json(200, { success: true, message: 'Applied', data: { ...plan('p2'), appliedAt: at } });
      }
      if (url.includes('/admin/route-plans'))
        return json(201, {
          success: true,
          message: 'Route plan ready',
          data: plan(calls('/api/v1/admin/route-plans').length === 1 ? 'p1' : 'p2'),
        });
      if (url.includes('/config')) return json(200, { mapTileUrl: '', geocoder: 'offline' });
      return json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' });
    });
    renderRoute('/admin/dispatch-map');

    const jobs = await screen.findByRole('heading', { name: 'Open jobs (2)' }, { timeout: 20_000 });
    expect(jobs).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Drivers on the map (1)' })).toBeTruthy();
    expect(screen.getByText('late')).toBeTruthy();
    expect(screen.getAllByText(/Nowhere \(no map position\)/)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Plan routes' }));
    const ana = await screen.findByRole('checkbox', { name: /Ana Ruiz/ }, slow);
    expect((ana as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Preview plan' }));

    const routes = await screen.findByRole('list', { name: 'Planned routes' }, slow);
    expect(calls('/api/v1/admin/route-plans')[0].body).toEqual({ now: true, driverIds: ['d1'], reassign: false });
    expect(within(routes).getAllByText('#MC0000000001')).toHaveLength(2);
    expect(screen.getByText(/Its pickup or drop-off has no map position/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apply plan' }));
    expect(await screen.findByText('This preview is out of date.', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plan again' }));
    await vi.waitFor(() => expect(screen.queryByText('This preview is out of date.')).toBeNull(), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Apply plan' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/route-plans/p2/apply')).toHaveLength(1), slow);
    expect(await screen.findByText('Plan applied: 1 job on 1 route', {}, slow)).toBeTruthy();
  }, 30_000);

  it("shows each driver's applied route with its progress, and resequences or moves a stop (buttons, the keyboard's way)", async () => {
    const routeJob = (id: string, n: number, status: 'assigned' | 'in_transit') => ({
      ...live.jobs[0],
      _id: id,
      trackingNumber: `MC000000000${n}`,
      status,
      driverId: 'd1',
      plannedOrder: n - 2,
      plannedArrival: at,
      estimatedDelivery: at,
    });
    const routed: TLiveMapResponse['data'] = {
      drivers: [{ ...live.drivers[0], progress: { done: 1, planned: 3, behindMinutes: 4 } }, live.drivers[1]],
      jobs: [routeJob('j3', 3, 'in_transit'), routeJob('j4', 4, 'assigned')],
    };
    const { calls } = stubApi((url) => {
      if (url.includes('/admin/live-map')) return json(200, { success: true, data: routed });
      if (url.includes('/route'))
        return json(200, { success: true, message: 'Route updated', data: { driverId: 'd1', jobs: [], moved: 0 } });
      if (url.includes('/admin/drivers')) return json(200, { success: true, data: [] });
      if (url.includes('/config')) return json(200, { mapTileUrl: '', geocoder: 'offline' });
      return json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' });
    });
    renderRoute('/admin/dispatch-map');
    fireEvent.click(await screen.findByRole('button', { name: 'Routes' }, { timeout: 20_000 }));
    const stops = await screen.findByRole('list', { name: "Marcus Bell's stops in order" }, slow);
    expect(screen.getByText('1 of 3 jobs done · 4 min behind')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Routes under way' })).toBeTruthy();
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/^#MC/).textContent),
    ).toEqual(['#MC0000000003', '#MC0000000004']);
    expect(within(stops).getByText(/^Drop/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move #MC0000000003 up' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move #MC0000000004 up' }));
    await vi.waitFor(() => expect(calls('/api/v1/admin/drivers/d1/route')).toHaveLength(1), slow);
    expect(calls('/api/v1/admin/drivers/d1/route')[0].body).toEqual({ deliveryIds: ['j4', 'j3'] });
    expect(await screen.findByText("#MC0000000004 is now stop 1 on Marcus Bell's route", {}, slow)).toBeTruthy();

    // Only a job not yet picked up can go to another driver: it joins the end of their route.
    expect(screen.queryByRole('combobox', { name: 'Move #MC0000000003 to another driver' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Move #MC0000000004 to another driver' }), { target: { value: 'd2' } });
    await vi.waitFor(() => expect(calls('/api/v1/admin/drivers/d2/route')).toHaveLength(1), slow);
    expect(calls('/api/v1/admin/drivers/d2/route')[0].body).toEqual({ deliveryIds: ['j4'] });
  }, 30_000);
});
