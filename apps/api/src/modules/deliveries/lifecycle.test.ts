import { canMoveStatus, DELIVERY_STATUSES, type TDeliveryStatus, type TStatusActor } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries } from '../../db/schema/index.js';
import type { Actor } from '../../platform/policy.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { approveDelivery } from '../dispatch/approve-delivery.js';
import { assignDriver } from '../dispatch/assign-driver.js';
import { type Crew, crew, deliveryIn, signaturePng } from '../dispatch/operations-test-kit.js';
import { confirmPickup } from '../driver/confirm-pickup.js';
import { recordProofOfDelivery } from '../driver/record-proof-of-delivery.js';
import { startPickupRun } from '../driver/start-pickup-run.js';
import { startTransit } from '../driver/start-transit.js';
import { recordFailedAttempt } from '../driver/record-failed-attempt.js';
import { recordReturnHandback } from '../driver/record-return-handback.js';
import { reattemptDelivery } from '../dispatch/reattempt-delivery.js';
import { cancelDelivery } from './cancel-delivery.js';
import { listCustodyEvents } from './custody.js';
import { startReturn } from './start-return.js';

const WINDOW = { from: '2030-01-02T14:00:00.000Z', to: '2030-01-02T16:00:00.000Z' };

/** The use case that makes each move; nothing moves a delivery back to pending. */
function moveTo(
  t: TestApp,
  people: Crew,
  to: TDeliveryStatus,
  actor: Actor,
  d: { id: string; orderId: string; driverId: string | null; status: TDeliveryStatus },
) {
  const s = t.app.services;
  const idOrTrackingNumber = d.id;
  const otherDriver = d.driverId === people.DRIVER.id ? people.otherDriver.id : people.DRIVER.id;
  switch (to) {
    case 'approved':
      return approveDelivery(s, actor, { idOrTrackingNumber });
    case 'assigned':
      // From a failed attempt, a re-attempt by another driver is the way to assigned.
      return d.status === 'failed_attempt'
        ? reattemptDelivery(s, actor, { idOrTrackingNumber, driverId: otherDriver, window: WINDOW })
        : assignDriver(s, actor, { idOrTrackingNumber, driverId: otherDriver });
    case 'cancelled':
      return cancelDelivery(s, actor, { idOrTrackingNumber, reason: 'test' });
    case 'moving_to_pickup_location':
      return startPickupRun(s, actor, { idOrTrackingNumber });
    case 'picked_up':
      return confirmPickup(s, actor, { idOrTrackingNumber, scannedOrderId: d.orderId });
    case 'in_transit':
      // From a failed attempt, a re-attempt by the same driver is the way back to in_transit.
      return d.status === 'failed_attempt'
        ? reattemptDelivery(s, actor, { idOrTrackingNumber, window: WINDOW })
        : startTransit(s, actor, { idOrTrackingNumber });
    case 'failed_attempt':
      return recordFailedAttempt(s, actor, { idOrTrackingNumber, reason: 'recipient_absent' });
    case 'returning':
      return startReturn(s, actor, { idOrTrackingNumber, note: 'Sender asked for it back' });
    case 'delivered':
      // On a returning parcel the proof call records the hand-back instead: no call tries delivered there.
      if (d.status === 'returning') throw Object.assign(new Error('no call delivers a returning parcel'), { statusCode: 409 });
      return signaturePng().then((signature) =>
        recordProofOfDelivery(s, actor, { idOrTrackingNumber, fields: { recipientName: 'R. Lee' }, photo: null, signature }),
      );
    case 'returned':
      return signaturePng().then((signature) =>
        recordReturnHandback(s, actor, { idOrTrackingNumber, fields: { recipientName: 'R. Lee', notes: '' }, photo: null, signature }),
      );
    default:
      return null;
  }
}

describe('the delivery lifecycle, enforced from the status table', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  it('allows exactly the (from, to, actor) moves the table lists and refuses every other one, changing nothing', async () => {
    const actors: Record<TStatusActor, Actor> = {
      owner: { id: people.CUSTOMER.id, role: 'CUSTOMER' },
      driver: { id: people.DRIVER.id, role: 'DRIVER' },
      staff: { id: people.STAFF.id, role: 'STAFF' },
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const from of DELIVERY_STATUSES) {
      for (const to of DELIVERY_STATUSES) {
        if (to === 'pending') continue;
        for (const [hat, actor] of Object.entries(actors) as Array<[TStatusActor, Actor]>) {
          const d = await deliveryIn(t, from, people.CUSTOMER.id, people.DRIVER.id);
          const eventsBefore = (await listCustodyEvents(t.db, d.id)).length;
          let outcome: string;
          try {
            await moveTo(t, people, to, actor, d);
            const [after] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
            outcome = after.status === to ? 'allowed' : `became ${after.status}`;
          } catch (err) {
            outcome = `refused`;
            const [after] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
            expect(after.status, `${from}->${to} by ${hat}: status unchanged`).toBe(from);
            expect((await listCustodyEvents(t.db, d.id)).length).toBe(eventsBefore);
            expect([403, 404, 409], `${from}->${to} by ${hat}: ${(err as Error).message}`).toContain(
              (err as { statusCode?: number }).statusCode,
            );
          }
          outcomes.push(`${from} -> ${to} by ${hat}: ${outcome}`);
          // A staff cancel after pickup is not refused: it becomes a return to the sender.
          const cancelBecomesReturn =
            to === 'cancelled' && hat === 'staff' && !canMoveStatus(from, 'cancelled', hat) && canMoveStatus(from, 'returning', hat);
          expected.push(
            `${from} -> ${to} by ${hat}: ${canMoveStatus(from, to, hat) ? 'allowed' : cancelBecomesReturn ? 'became returning' : 'refused'}`,
          );
        }
      }
    }
    expect(outcomes).toEqual(expected);
  }, 300_000);

  it('answers a refused move with 409 naming both statuses', async () => {
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/assign`,
      headers: people.STAFF.auth,
      payload: { driverId: people.DRIVER.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: 'CONFLICT', message: 'Cannot change status from pending to assigned' });
  });

  it('writes the custody event, the audit row and the owner’s notifications with each move', async () => {
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.id}/approve`,
      headers: people.MANAGER.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', customer: { _id: people.CUSTOMER.id } });
    const last = (await listCustodyEvents(t.db, d.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'approved', actorId: people.MANAGER.id, actorRole: 'MANAGER' });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, d.id));
    expect(audit.map((a) => a.action)).toContain('delivery.approve');
    const notes = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: people.CUSTOMER.auth });
    expect(notes.json().data.map((n: { title: string }) => n.title)).toContain('Delivery approved');
    // An approval is in-app only unless the customer chose it for e-mail (default: picked up, delivered, exceptions).
    expect((await t.sentEmails()).some((m) => m.to === people.CUSTOMER.email && m.subject.endsWith(': Approved'))).toBe(false);
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const approve = (who: Crew['STAFF']) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/deliveries/${d.id}/approve`, headers: who.auth, payload: {} });
    const results = await Promise.all([approve(people.STAFF), approve(people.ADMIN)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await listCustodyEvents(t.db, d.id);
    expect(events.filter((e) => e.status === 'approved')).toHaveLength(1);
  });

  it('lets exactly one of two concurrent assignments win', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    // Both consoles showed the delivery with no driver.
    const assign = (driverId: string, who: Crew['STAFF']) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/assign`,
        headers: who.auth,
        payload: { driverId, replacesDriverId: null },
      });
    const results = await Promise.all([assign(people.DRIVER.id, people.STAFF), assign(people.otherDriver.id, people.MANAGER)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.driver._id;
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    expect(row.driverId).toBe(winner);
    expect((await listCustodyEvents(t.db, d.id)).filter((e) => e.status === 'assigned')).toHaveLength(1);
  });

  it('reassigns an assigned delivery to another driver, who then sees it instead of the first', async () => {
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deliveries/${d.orderId}/assign`,
      headers: people.STAFF.auth,
      payload: { driverId: people.otherDriver.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await listCustodyEvents(t.db, d.id)).at(-1)?.note).toMatch(/^Reassigned to/);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/driver/deliveries', headers: people.otherDriver.auth });
    expect(mine.json().data.map((j: { _id: string }) => j._id)).toContain(d.id);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/deliveries/${d.id}`, headers: people.DRIVER.auth });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses to assign a customer or an unknown account as the driver', async () => {
    const d = await deliveryIn(t, 'approved', people.CUSTOMER.id, null);
    for (const driverId of [people.CUSTOMER.id, 'not-an-id']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deliveries/${d.id}/assign`,
        headers: people.STAFF.auth,
        payload: { driverId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('driverId');
    }
  });

  it('lets staff cancel an assigned delivery with a reason, and asks for the reason', async () => {
    const d = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const url = `/api/v1/admin/deliveries/${d.id}/cancel`;
    const missing = await t.app.inject({ method: 'POST', url, headers: people.STAFF.auth, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^reason: /);
    const res = await t.app.inject({ method: 'POST', url, headers: people.STAFF.auth, payload: { reason: 'Clinic closed' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Clinic closed' });
  });
});
