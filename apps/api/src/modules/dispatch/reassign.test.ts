import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, notifications } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents } from '../deliveries/custody.js';
import { type Crew, crew, deliveryIn } from './operations-test-kit.js';

describe('handing a delivery to another driver', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const assign = (id: string, driverId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${id}/assign`, headers: people.STAFF.auth, payload: { driverId } });

  it('tells the customer once that the driver changed, and the public timeline shows "assigned" once', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    expect((await assign(d.id, people.DRIVER.id)).statusCode).toBe(200);
    const before = (await t.sentEmails()).length;
    const reassigned = await assign(d.id, people.otherDriver.id);
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().data.driver._id).toBe(people.otherDriver.id);

    const notices = (await t.db.select().from(notifications).where(eq(notifications.deliveryId, d.id))).map((n) => n.title);
    expect(notices.filter((title) => title === 'Driver assigned')).toHaveLength(1);
    expect(notices.filter((title) => title === 'Driver changed')).toHaveLength(1);
    // No second "Driver assigned" e-mail for the same parcel.
    const after = await t.sentEmails();
    expect(after.slice(before).filter((m) => m.subject.includes(d.orderId))).toEqual([]);

    const tracked = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/track/${d.orderId}` });
    expect(tracked.json().data.timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'approved', 'assigned']);
    // Staff's custody chain still holds both hand-overs.
    const custody = await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries/${d.id}/custody`, headers: people.STAFF.auth });
    expect(custody.json().data.events.filter((e: { status: string }) => e.status === 'assigned')).toHaveLength(2);
  });

  it('hands a parcel on board to another driver, who collects it from the first with a scan; the first can then be disabled', async () => {
    const { user: first } = await createUser(t.db, { role: 'DRIVER', firstName: 'Casey', lastName: 'First' });
    const firstAuth = await t.bearer(first);
    const move = (id: string, auth: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers: auth, payload });
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, first.id, { packageType: 'DOCUMENT' });
    expect((await move(d.id, firstAuth, { status: 'moving_to_pickup_location' })).statusCode).toBe(200);
    expect((await move(d.id, firstAuth, { status: 'picked_up', scannedOrderId: d.orderId })).statusCode).toBe(200);
    expect((await move(d.id, firstAuth, { status: 'in_transit' })).statusCode).toBe(200);
    const disable = () =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${first.id}`, headers: people.ADMIN.auth, payload: { isActive: false } });
    expect((await disable()).statusCode).toBe(409);

    const reassigned = await assign(d.id, people.otherDriver.id);
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().data).toMatchObject({ status: 'assigned', driver: { _id: people.otherDriver.id } });
    // The reassignment is itself a custody event, noting the hand-over to come.
    expect((await listCustodyEvents(t.db, d.id)).at(-1)).toMatchObject({
      status: 'assigned',
      actorId: people.STAFF.id,
      note: expect.stringMatching(/collects the parcel from Casey First \(custody hand-over to come\)/),
    });
    // Nothing on board with the first driver any more: the account can go.
    expect((await disable()).statusCode).toBe(200);

    const jobs = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.otherDriver.auth });
    expect(jobs.json().data.find((j: { _id: string }) => j._id === d.id)).toMatchObject({ status: 'assigned', collectFrom: 'Casey First' });
    expect((await move(d.id, people.otherDriver.auth, { status: 'moving_to_pickup_location' })).statusCode).toBe(200);
    expect((await move(d.id, people.otherDriver.auth, { status: 'picked_up', scannedOrderId: 'MC0000000000' })).statusCode).toBe(409);
    expect((await move(d.id, people.otherDriver.auth, { status: 'picked_up', scannedOrderId: d.orderId })).statusCode).toBe(200);
    const custody = await t.app.inject({ method: 'GET', url: `/api/v1/admin/deliveries/${d.id}/custody`, headers: people.STAFF.auth });
    // The hand-over, then its one piece's scan (a piece event of its own).
    const events = custody.json().data.events as { status: string; note: string }[];
    expect(events.at(-2)).toMatchObject({ status: 'picked_up', note: 'Collected from Casey First (custody hand-over); label scanned' });
    expect(events.at(-1)?.note).toBe(`Piece 1 of 1 (${d.orderId}-01) scanned at pickup`);
    expect((await listCustodyEvents(t.db, d.id)).at(-1)?.actorId).toBe(people.otherDriver.id);
    const [pickup] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'delivery.pickup'), eq(auditEvents.targetId, d.id), eq(auditEvents.actorId, people.otherDriver.id)),
      );
    expect(pickup.details).toMatchObject({ handOverFrom: first.id });
    // Once collected, the parcel is the new driver's: no hand-over is pending.
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.otherDriver.auth });
    expect(after.json().data.find((j: { _id: string }) => j._id === d.id)).toMatchObject({ status: 'picked_up', collectFrom: null });
  });
});
