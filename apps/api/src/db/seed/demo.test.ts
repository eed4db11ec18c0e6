import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../modules/auth/test-support.js';
import { useTestApp } from '../../test/test-app.js';
import { deliveries } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';

describe('the demo seed', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedDemo(t.db);
  });

  const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

  it('gives the drivers a day shift from the base, so route planning works in the demo', async () => {
    const staff = await signedIn(t, account('STAFF').email, account('STAFF').password);
    const drivers = await t.app.inject({ method: 'GET', url: '/api/v1/admin/drivers', headers: staff.auth });
    const shifts = drivers.json().data.map((d: { shift: unknown }) => d.shift);
    expect(shifts).toEqual([
      { start: '08:00', end: '17:00', startPlace: 'base' },
      { start: '08:00', end: '17:00', startPlace: 'base' },
    ]);
  });

  it('gives dispatch requests to approve and to assign, and the demo driver jobs to run', async () => {
    const staff = await signedIn(t, account('STAFF').email, account('STAFF').password);
    const open = await t.app.inject({ method: 'GET', url: '/api/v1/admin/deliveries?status=open', headers: staff.auth });
    const statuses = open.json().deliveries.map((d: { status: string }) => d.status);
    expect(statuses.filter((s: string) => s === 'pending')).toHaveLength(3);
    expect(statuses.filter((s: string) => s === 'approved')).toHaveLength(2);
    const driver = await signedIn(t, account('DRIVER').email, account('DRIVER').password);
    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: driver.auth });
    expect(jobs.json().data).toHaveLength(5);
    const customer = await signedIn(t, account('CUSTOMER').email, account('CUSTOMER').password);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries/my-deliveries', headers: customer.auth });
    expect(mine.json().totalDeliveries).toBe(36);
    const drivers = await t.app.inject({ method: 'GET', url: '/api/v1/admin/drivers', headers: staff.auth });
    expect(drivers.json().data).toHaveLength(2);
  });

  it('adds nothing when run again', async () => {
    const before = await t.db.select({ n: count() }).from(deliveries);
    await seedDemo(t.db);
    expect(await t.db.select({ n: count() }).from(deliveries)).toEqual(before);
  });
});
