import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../modules/auth/test-support.js';
import { useTestApp } from '../../test/test-app.js';
import { deliveries, proofsOfDelivery, routePlans, standingOrders, storedFiles, users } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { DEMO_CLINIC_ORGANISATION } from './demo-showcase.js';

describe('the demo seed', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedDemo(t.db, new Date(), t.app.services.storage);
  });

  const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

  it('gives the drivers a day shift from the base, so route planning works in the demo', async () => {
    const staff = await signedIn(t, account('STAFF').email, account('STAFF').password);
    const drivers = await t.app.inject({ method: 'GET', url: '/api/v1/admin/drivers', headers: staff.auth });
    const shifts = drivers.json().data.map((d: { shift: unknown }) => d.shift);
    expect(shifts).toEqual([
      { start: '08:00', end: '17:00', startPlace: 'base', break: null },
      { start: '08:00', end: '17:00', startPlace: 'base', break: null },
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

  it('shows the product: STAT, refrigerated and frozen, UN3373, a controlled medication, a hold and a lab rejection', async () => {
    const rows = await t.db.select().from(deliveries);
    const some = (what: string, test: (d: (typeof rows)[number]) => boolean) => expect(rows.some(test), what).toBe(true);
    some('STAT', (d) => d.priority === 'stat');
    some('refrigerated', (d) => d.temperature === 'refrigerated');
    some('frozen', (d) => d.temperature === 'frozen');
    some('UN3373 specimen', (d) => d.specimenCategory === 'UN3373');
    some('controlled medication', (d) => d.controlledSubstance && d.packageType === 'MEDICATION');
    some('held parcel', (d) => d.holdSince !== null && d.status === 'in_transit');
    some('rejected specimen', (d) => d.receiptStatus === 'rejected' && d.specimenCategory !== null);
    // Through the console as a manager sees it: the hold queue and the Rejected filter each find theirs.
    const manager = await signedIn(t, account('MANAGER').email, account('MANAGER').password);
    const list = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries?${q}`, headers: manager.auth })).json().deliveries;
    expect(await list('handling=on_hold')).toHaveLength(1);
    expect((await list('status=all&handling=rejected'))[0]).toMatchObject({ receipt: { status: 'rejected' }, status: 'delivered' });
    expect((await list('handling=stat&status=on_the_road')).length).toBeGreaterThan(0);
  });

  it('has delivered jobs with a photo and a signature stored as real image files', async () => {
    const proofs = await t.db
      .select()
      .from(proofsOfDelivery)
      .where(and(isNotNull(proofsOfDelivery.photoFileId), isNotNull(proofsOfDelivery.signatureFileId)));
    expect(proofs.length).toBeGreaterThanOrEqual(4);
    const [photo] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, proofs[0].photoFileId as string));
    const [signature] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, proofs[0].signatureFileId as string));
    const photoBytes = await t.app.services.storage.get(photo.path);
    const signatureBytes = await t.app.services.storage.get(signature.path);
    expect([...photoBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // JPEG
    expect(signatureBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(photo.size).toBe(photoBytes.length);
  });

  it('names the clinic organisation, gives every account its own phone, and has a standing order and a planned day', async () => {
    const people = await t.db.select({ email: users.email, phone: users.phone, organisation: users.organisation }).from(users);
    expect(people.find((p) => p.email === account('CUSTOMER').email)?.organisation).toBe(DEMO_CLINIC_ORGANISATION);
    expect(new Set(people.map((p) => p.phone)).size).toBe(people.length);
    const customer = await signedIn(t, account('CUSTOMER').email, account('CUSTOMER').password);
    const orders = await t.app.inject({ method: 'GET', url: '/api/v1/standing-orders', headers: customer.auth });
    expect(orders.statusCode).toBe(200);
    expect(await t.db.select({ n: count() }).from(standingOrders)).toEqual([{ n: 1 }]);
    const [plan] = await t.db.select().from(routePlans);
    expect(plan.appliedAt).not.toBeNull();
    expect(plan.routes).toHaveLength(2);
    const driver = await signedIn(t, account('DRIVER').email, account('DRIVER').password);
    const jobs = (await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: driver.auth })).json().data;
    expect(jobs.every((j: { plannedArrival?: string | null }) => j.plannedArrival)).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const before = await t.db.select({ n: count() }).from(deliveries);
    await seedDemo(t.db, new Date(), t.app.services.storage);
    expect(await t.db.select({ n: count() }).from(deliveries)).toEqual(before);
  });
});
