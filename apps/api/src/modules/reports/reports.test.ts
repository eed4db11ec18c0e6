import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery } from '../../db/seed/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from '../dispatch/operations-test-kit.js';

describe('delivery reports', () => {
  const t = useTestApp({ env: { BUSINESS_TZ: 'America/New_York' } });
  let people: Crew;
  const range = 'from=2026-02-02&to=2026-02-04';

  beforeAll(async () => {
    people = await crew(t);
    const { CUSTOMER: a, otherCustomer: b, DRIVER: driver } = people;
    const at = (iso: string) => new Date(iso);
    // Feb 2 (New York): two delivered by the driver, one on time (40 min to pickup, 20 to drop-off), one late (120 and 60).
    await createDelivery(t.db, {
      customerId: a.id,
      status: 'delivered',
      driverId: driver.id,
      createdAt: at('2026-02-02T15:00:00Z'),
      stepMinutes: 10,
    });
    await createDelivery(t.db, {
      customerId: a.id,
      status: 'delivered',
      driverId: driver.id,
      createdAt: at('2026-02-02T16:00:00Z'),
      requiredBy: at('2026-02-02T18:00:00Z'),
      stepMinutes: 30,
    });
    // Feb 3: one cancelled, one still pending booked at 11 pm New York time (Feb 4 in UTC).
    await createDelivery(t.db, { customerId: b.id, status: 'cancelled', createdAt: at('2026-02-03T14:00:00Z') });
    await createDelivery(t.db, { customerId: b.id, status: 'pending', createdAt: at('2026-02-04T04:00:00Z') });
    // Outside the range on both sides.
    await createDelivery(t.db, { customerId: a.id, status: 'pending', createdAt: at('2026-02-02T04:59:00Z') });
    await createDelivery(t.db, { customerId: a.id, status: 'pending', createdAt: at('2026-02-05T05:00:00Z') });
  });

  const get = (url: string, who = people.STAFF) => t.app.inject({ method: 'GET', url, headers: who.auth });

  it('figures each booking day in the business time zone: on-time rate, cancellations and average times', async () => {
    const res = await get(`/api/v1/admin/reports/deliveries?${range}&groupBy=day`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-02-02', to: '2026-02-04', groupBy: 'day', timeZone: 'America/New_York', days: 3 });
    expect(data.rows).toEqual([
      {
        key: '2026-02-02',
        label: '2026-02-02',
        booked: 2,
        delivered: 2,
        cancelled: 0,
        onTime: 1,
        onTimeRate: 0.5,
        avgBookingToPickupMinutes: 80,
        avgPickupToDropoffMinutes: 40,
        withDiscrepancy: 0,
        discrepancyRate: 0,
        overdueCases: 0,
      },
      {
        key: '2026-02-03',
        label: '2026-02-03',
        booked: 2,
        delivered: 0,
        cancelled: 1,
        onTime: 0,
        onTimeRate: null,
        avgBookingToPickupMinutes: null,
        avgPickupToDropoffMinutes: null,
        withDiscrepancy: 0,
        discrepancyRate: 0,
        overdueCases: 0,
      },
      expect.objectContaining({ key: '2026-02-04', booked: 0, onTimeRate: null }),
    ]);
    expect(data.totals).toMatchObject({ booked: 4, delivered: 2, cancelled: 1, onTime: 1, onTimeRate: 0.5 });
    expect(data.deliveredPerDay).toBe(0.7);
  });

  it('groups by driver (with the undriven ones apart) and by customer, named', async () => {
    const byDriver = (await get(`/api/v1/admin/reports/deliveries?${range}&groupBy=driver`)).json().data.rows;
    expect(byDriver.map((r: { key: string; booked: number }) => [r.key, r.booked])).toEqual([
      [people.DRIVER.id, 2],
      ['none', 2],
    ]);
    expect(byDriver[1].label).toBe('No driver');
    expect(byDriver[0].label).toBe('driver Morgan');
    const byCustomer = (await get(`/api/v1/admin/reports/deliveries?${range}&groupBy=customer`)).json().data.rows;
    expect(byCustomer).toHaveLength(2);
    expect(byCustomer.find((r: { key: string }) => r.key === people.CUSTOMER.id)).toMatchObject({ delivered: 2, onTimeRate: 0.5 });
  });

  it('shows a customer their own deliveries only, by day, and keeps drivers out', async () => {
    const own = await get(`/api/v1/reports/deliveries?${range}`, people.otherCustomer);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.totals).toMatchObject({ booked: 2, delivered: 0, cancelled: 1 });
    const byDriver = await get(`/api/v1/reports/deliveries?${range}&groupBy=driver`, people.otherCustomer);
    expect(byDriver.statusCode).toBe(400);
    expect(byDriver.json().message).toMatch(/day/);
    expect((await get(`/api/v1/admin/reports/deliveries?${range}`, people.CUSTOMER)).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/reports/deliveries?${range}`, people.DRIVER)).statusCode).toBe(403);
    expect((await get(`/api/v1/reports/deliveries?${range}`, people.DRIVER)).statusCode).toBe(403);
  });

  it('refuses a backwards, too long or malformed range naming the field', async () => {
    const backwards = await get('/api/v1/admin/reports/deliveries?from=2026-02-05&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/From must be on or before To/);
    const long = await get('/api/v1/admin/reports/deliveries?from=2024-01-01&to=2026-02-01');
    expect(long.statusCode).toBe(400);
    const malformed = await get('/api/v1/admin/reports/deliveries?from=2026-02-31');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^from: /);
    const group = await get('/api/v1/admin/reports/deliveries?groupBy=week');
    expect(group.json().message).toMatch(/^groupBy: /);
  });

  it('exports the report as CSV with a totals line', async () => {
    const res = await get(`/api/v1/admin/reports/deliveries/export.csv?${range}&groupBy=day`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Day booked,Booked,Delivered,Cancelled,On time,On-time rate,Average booking to pickup (minutes),Average pickup to drop-off (minutes),With a discrepancy,Discrepancy rate,Overdue cases',
    );
    expect(lines[1]).toBe('2026-02-02,2,2,0,1,50%,80,40,0,0%,0');
    expect(lines.at(-1)).toBe('Total,4,2,1,1,50%,80,40,0,0%,0');
  });
});
