import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
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
});
