import { ROLES, type TRole } from '@courier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { validDeliveryForm } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn } from './operations-test-kit.js';

const STAFF: TRole[] = ['SUPER_ADMIN', 'ADMIN', 'MANAGER', 'STAFF'];
const ADMINS: TRole[] = ['SUPER_ADMIN', 'ADMIN'];

describe('who may call each staff, user-management and driver route', () => {
  const t = useTestApp();
  let people: Crew;
  let id: string;

  beforeAll(async () => {
    people = await crew(t);
    id = (await deliveryIn(t, 'pending', people.CUSTOMER.id, null)).id;
  });

  const routes = (): Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string; admits: TRole[]; payload?: object }> => [
    { method: 'GET', url: '/api/v1/admin/deliveries', admits: STAFF },
    { method: 'GET', url: `/api/v1/admin/deliveries/${id}`, admits: STAFF },
    { method: 'POST', url: `/api/v1/admin/deliveries/${id}/approve`, admits: STAFF, payload: {} },
    { method: 'POST', url: `/api/v1/admin/deliveries/${id}/assign`, admits: STAFF, payload: { driverId: 'x' } },
    { method: 'POST', url: `/api/v1/admin/deliveries/${id}/cancel`, admits: STAFF, payload: {} },
    { method: 'GET', url: `/api/v1/admin/deliveries/${id}/custody`, admits: STAFF },
    { method: 'GET', url: `/api/v1/admin/deliveries/${id}/custody/report`, admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/drivers', admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/stats', admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/feedback', admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/optins', admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/audit', admits: ADMINS },
    { method: 'POST', url: '/api/v1/admin/route-plans', admits: STAFF, payload: { date: 'x' } },
    { method: 'POST', url: '/api/v1/admin/route-plans/insertions', admits: STAFF, payload: {} },
    { method: 'POST', url: `/api/v1/admin/route-plans/${id}/apply`, admits: STAFF },
    { method: 'GET', url: '/api/v1/admin/live-map', admits: STAFF },
    { method: 'PATCH', url: `/api/v1/admin/users/${people?.CUSTOMER.id ?? 'x'}/shift`, admits: ADMINS, payload: {} },
    { method: 'GET', url: '/api/v1/admin/users', admits: ADMINS },
    { method: 'POST', url: '/api/v1/admin/users', admits: ADMINS, payload: {} },
    { method: 'PATCH', url: `/api/v1/admin/users/${people?.CUSTOMER.id ?? 'x'}`, admits: ADMINS, payload: {} },
    { method: 'GET', url: '/api/v1/driver/deliveries', admits: ['DRIVER'] },
    { method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, admits: ['DRIVER'], payload: {} },
    { method: 'POST', url: `/api/v1/driver/deliveries/${id}/pod`, admits: ['DRIVER'], payload: {} },
    { method: 'POST', url: '/api/v1/driver/location', admits: ['DRIVER'], payload: {} },
    { method: 'POST', url: '/api/v1/deliveries', admits: ['CUSTOMER'], payload: {} },
  ];

  it('answers 401 to anonymous callers, 403 to roles a route does not admit, and lets admitted roles through', async () => {
    const table: string[] = [];
    const expected: string[] = [];
    for (const r of routes()) {
      const anon = await t.app.inject({ method: r.method, url: r.url, payload: r.payload });
      table.push(`${r.method} ${r.url} anonymous ${anon.statusCode}`);
      expected.push(`${r.method} ${r.url} anonymous 401`);
      for (const role of ROLES) {
        const res = await t.app.inject({ method: r.method, url: r.url, payload: r.payload, headers: people[role].auth });
        const admitted = r.admits.includes(role);
        // An admitted caller gets past the gate: whatever the answer (200, 400 for the empty body...), not 401 or 403.
        table.push(
          `${r.method} ${r.url} ${role} ${admitted ? ([401, 403].includes(res.statusCode) ? res.statusCode : 'in') : res.statusCode}`,
        );
        expected.push(`${r.method} ${r.url} ${role} ${admitted ? 'in' : 403}`);
      }
    }
    expect(table).toEqual(expected);
  });

  it('refuses a delivery request from staff and drivers with 403, creating nothing', async () => {
    for (const role of ['SUPER_ADMIN', 'STAFF', 'DRIVER'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/deliveries',
        headers: people[role].auth,
        payload: validDeliveryForm(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: 'FORBIDDEN' });
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries/my-deliveries', headers: people.STAFF.auth });
    expect(mine.json().totalDeliveries).toBe(0);
  });

  it('has no call that changes or deletes an audit row', () => {
    const routesList = t.app.printRoutes({ commonPrefix: false });
    expect(routesList).toMatch(/audit/);
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      expect(t.app.hasRoute({ method, url: '/api/v1/admin/audit' })).toBe(false);
      expect(t.app.hasRoute({ method, url: '/api/v1/admin/audit/:id' })).toBe(false);
    }
  });
});
